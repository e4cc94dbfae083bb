import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyPageSelection, isOverPickLimit, noSelection, selectionRequest } from './contacts-selection.ts';
import { SelectionBar } from './selection-bar.tsx';

const a = '6ba7b810-9dad-41d1-80b4-00c04fd430c1';
const b = '6ba7b810-9dad-41d1-80b4-00c04fd430c2';
const c = '6ba7b810-9dad-41d1-80b4-00c04fd430c3';

describe('SelectionBar', () => {
  it('says N of M selected with Select all and Clear for picked rows', () => {
    const onSelectAll = vi.fn();
    const onClear = vi.fn();
    render(
      <SelectionBar
        selection={{ kind: 'ids', ids: new Set([a, b]) }}
        total={30}
        totalIsEstimate={false}
        onSelectAll={onSelectAll}
        onClear={onClear}
      />,
    );
    expect(screen.getByText('2 of 30 selected |')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSelectAll).toHaveBeenCalledOnce();
    expect(onClear).toHaveBeenCalledOnce();
  });

  it('counts the whole list after Select all, an estimate as about N, and hides when nothing is picked', () => {
    const { rerender } = render(
      <SelectionBar
        selection={{ kind: 'all' }}
        total={1_200_000}
        totalIsEstimate
        onSelectAll={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.getByText('about 1,200,000 of about 1,200,000 selected |')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select all' })).not.toBeInTheDocument();
    rerender(
      <SelectionBar
        selection={noSelection}
        total={10}
        totalIsEstimate={false}
        onSelectAll={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('selection-bar')).not.toBeInTheDocument();
  });

  it('asks for fewer picks or Select all beyond the 1,000 rows a bulk call takes', () => {
    const picked = (count: number, total: number) => (
      <SelectionBar
        selection={{ kind: 'ids', ids: new Set(Array.from({ length: count }, (_, index) => `id-${index}`)) }}
        total={total}
        totalIsEstimate={false}
        onSelectAll={vi.fn()}
        onClear={vi.fn()}
      />
    );
    const { rerender } = render(picked(1000, 5000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    rerender(picked(1001, 5000));
    expect(screen.getByText('1,001 of 5,000 selected |')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Pick at most 1,000 contacts one by one, or use Select all',
    );
    expect(isOverPickLimit({ kind: 'all' })).toBe(false);
    // Every row picked one by one: Select all is still offered, as the message says.
    rerender(picked(1050, 1050));
    expect(screen.getByRole('button', { name: 'Select all' })).toBeInTheDocument();
  });
});

describe('contacts selection', () => {
  it('keeps picks of other pages and replaces the shown page', () => {
    const first = applyPageSelection(noSelection, [a, b], [a]);
    const second = applyPageSelection(first, [c], [c]);
    expect(second).toEqual({ kind: 'ids', ids: new Set([a, c]) });
    expect(applyPageSelection(second, [a, b], [])).toEqual({ kind: 'ids', ids: new Set([c]) });
  });

  it('leaves Select all when a row is unticked, keeping the ticked rows of the page', () => {
    expect(applyPageSelection({ kind: 'all' }, [a, b], [a, b])).toEqual({ kind: 'all' });
    expect(applyPageSelection({ kind: 'all' }, [a, b], [b])).toEqual({ kind: 'ids', ids: new Set([b]) });
  });

  it('sends ids as id in (...) and Select all as the list filter and search, saying all', () => {
    const list = { filter: 'distance eq 1', searchQuery: 'ada' };
    expect(selectionRequest({ kind: 'ids', ids: new Set([a, b]) }, list)).toEqual({
      filter: `id in ('${a}', '${b}')`,
    });
    // A deletion with neither filter nor search is refused unless it says all (issue 19 §5).
    expect(selectionRequest({ kind: 'all' }, list)).toEqual({ ...list, all: true });
  });
});
