import { describe, expect, it } from 'vitest';
import { makeExecutionsStatistics } from '../../test/fixtures.ts';
import { chartSlices, sliceBorderOf, successRate } from './execution-chart-data.ts';

const totals = (values: Parameters<typeof makeExecutionsStatistics>[0]) =>
  makeExecutionsStatistics(values).total;

describe('chartSlices', () => {
  it('labels only slices of 5% or more and leaves out empty states', () => {
    const slices = chartSlices(totals({ not_started: 95, succeed: 4, failed: 1 }));
    expect(slices.map((slice) => [slice.name, slice.showsLabel])).toEqual([
      ['Not started', true],
      ['Succeed', false],
      ['Failed', false],
    ]);
    expect(chartSlices(totals({ succeed: 5, ignored: 95 }))[0]).toMatchObject({
      percent: 5,
      showsLabel: true,
    });
  });
  it('has no slices without executions', () => expect(chartSlices(totals({}))).toEqual([]));
});

describe('sliceBorderOf', () => {
  it('separates slices with white and draws no radius line across a lone slice', () => {
    expect(sliceBorderOf(chartSlices(totals({ succeed: 2, failed: 1 })))).toBe('#fff');
    expect(sliceBorderOf(chartSlices(totals({ in_queue: 3 })))).toBe('none');
  });
});

describe('successRate', () => {
  it('divides succeed by all executions minus not started', () => {
    expect(successRate(totals({ not_started: 10, succeed: 1, ignored: 2 }))).toBe(33.3);
  });
  it('is null while nothing was processed', () => expect(successRate(totals({ not_started: 4 }))).toBeNull());
});
