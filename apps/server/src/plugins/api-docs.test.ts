import { describe, expect, it } from 'vitest';
import { testServerForSuite } from '../testing/test-server-for-suite.ts';

type Response = { content?: Record<string, unknown> };
type Operation = {
  responses: Record<string, Response>;
  requestBody?: { content: Record<string, { schema: unknown }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** The OpenAPI document says what the server answers (issue 26: the probes found it disagreeing). */
describe('the OpenAPI document', () => {
  // The document does not depend on the database: PGlite is enough.
  const server = testServerForSuite(undefined);
  const documentOf = async () => (await (await fetch(`${server.url}/api/docs/json`)).json()) as Document;
  const contentTypes = (response: Response | undefined) => Object.keys(response?.content ?? {});

  it('documents 204 answers without a body', async () => {
    const { paths } = await documentOf();
    const noContent = paths['/api/v1/imports/{id}']?.get?.responses['204'];
    expect(noContent).toBeDefined();
    expect(contentTypes(noContent)).toEqual([]);
    for (const operations of Object.values(paths)) {
      for (const operation of Object.values(operations)) {
        expect(contentTypes(operation.responses['204'])).toEqual([]);
      }
    }
  });

  it('documents CSV files as text/csv and their errors as JSON', async () => {
    const { paths } = await documentOf();
    for (const path of [
      '/api/v1/contacts/export',
      '/api/v1/contacts/csv-example',
      '/api/v1/campaigns/export',
    ]) {
      const responses = paths[path]?.get?.responses ?? {};
      expect(contentTypes(responses['200']), path).toEqual(['text/csv']);
      expect(contentTypes(responses['403']), path).toEqual(['application/json']);
    }
  });

  it('documents the refusals every route can answer, and the strict request bodies', async () => {
    const { paths } = await documentOf();
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(contentTypes(operation.responses['400']), `${method} ${path}`).toEqual(['application/json']);
        expect(contentTypes(operation.responses['431']), `${method} ${path}`).toEqual(['application/json']);
      }
    }
    const createCampaign = paths['/api/v1/campaigns']?.post?.requestBody?.content['application/json']?.schema;
    expect(createCampaign).toMatchObject({ additionalProperties: false });
  });
});
