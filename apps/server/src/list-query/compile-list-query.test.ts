import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { contactListQuery } from '../contacts/contact-list-query.ts';
import { ValidationError } from '../errors.ts';
import { compileListQuery } from './compile-list-query.ts';

const dialect = new PgDialect();
const render = (input: Parameters<typeof compileListQuery>[0]) => {
  const compiled = compileListQuery(input, contactListQuery);
  return {
    where: compiled.where ? dialect.sqlToQuery(compiled.where) : null,
    orderBy: dialect.sqlToQuery(compiled.orderBy).sql,
    take: compiled.take,
    skip: compiled.skip,
  };
};

describe('compileListQuery', () => {
  it('binds every value as a parameter, never as SQL text', () => {
    const hostile = "x'); drop table contacts; --";
    const { where } = render({
      filter: `full_name eq '${hostile.replaceAll("'", "''")}'`,
      keywords: hostile,
    });
    expect(where?.sql).not.toContain('drop table');
    expect(where?.params).toContain(hostile);
    expect(where?.params).toContain(`%x'); drop table contacts; --%`);
  });

  it('pushes not down with two-valued logic on nullable columns', () => {
    const { where } = render({ filter: 'not (contacted gt 2026-01-01 and distance eq 1)' });
    expect(where?.sql).toBe(
      '(("contacts"."contacted_at" <= $1::timestamptz or "contacts"."contacted_at" is null) or ("contacts"."distance" <> $2::smallint or "contacts"."distance" is null))',
    );
    expect(where?.params).toEqual(['2026-01-01T00:00:00.000Z', '1']);
  });

  it('compiles eq null, in and any()', () => {
    expect(render({ filter: 'location eq null' }).where?.sql).toBe('"contacts"."location" is null');
    expect(render({ filter: 'location ne null' }).where?.sql).toBe('"contacts"."location" is not null');
    expect(render({ filter: 'distance in (1, 2)' }).where?.sql).toBe(
      '"contacts"."distance" in ($1::smallint, $2::smallint)',
    );
    // A number the column's type cannot hold compares as numeric (the column is cast; still right).
    expect(render({ filter: 'distance eq 2.5 or distance lt 40000' }).where?.sql).toBe(
      '("contacts"."distance" = $1::numeric or "contacts"."distance" < $2::numeric)',
    );
    const tags = render({ filter: "tags/any(t: t eq '6BA7B810-9DAD-41D1-80B4-00C04FD430C8')" }).where;
    expect(tags?.sql).toContain('exists (select 1 from "contact_tags"');
    expect(tags?.params).toEqual(['6ba7b810-9dad-41d1-80b4-00c04fd430c8']);
  });

  it('orders with the id tiebreaker in the last direction, default imported desc', () => {
    expect(render({}).orderBy).toBe('"contacts"."imported_at" desc, "contacts"."id" desc');
    expect(render({ orderby: 'full_name asc' }).orderBy).toBe(
      '"contacts"."full_name" asc, "contacts"."id" asc',
    );
    expect(render({ take: '10', skip: '20' })).toMatchObject({ take: 10, skip: 20 });
  });

  it('turns domain errors into 422 ValidationError naming the parameter', () => {
    const error = (() => {
      try {
        render({ filter: '(distance eq 1' });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors?.[0]?.field).toBe('$filter');
    expect(() => render({ take: '-1' })).toThrow('$take must not be negative');
  });
});
