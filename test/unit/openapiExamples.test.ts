import { jest } from '@jest/globals';
import express from 'express';
import request from 'supertest';
import type { z } from 'zod';
import { API_OPERATIONS } from '../../server/api/apiRouter.js';
import { openApiRoutes } from '../../server/api/openapi.js';

const named = API_OPERATIONS.map((op) => [`${op.method.toUpperCase()} /api${op.path}`, op] as const);

/** A schema's parse of the example, which must take it as it is: nothing unknown stripped, nothing rewritten. */
function parsedAsIs(schema: z.ZodType | undefined, example: unknown): unknown {
  if (!schema) return example;
  const parsed = schema.safeParse(example);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  return parsed.data;
}

/** What QA reads in GET /api/openapi.json: each operation's texts and examples, true to its zod schemas. */
describe.each(named)('%s in the OpenAPI document', (_name, op) => {
  it('has a one-line summary and a description', () => {
    expect(op.summary.length).toBeGreaterThan(10);
    expect(op.summary.length).toBeLessThanOrEqual(80);
    expect(op.description.length).toBeGreaterThan(op.summary.length);
  });

  it('has an example request its own schemas accept', () => {
    const example = op.example!();
    if (op.params) expect(op.params.safeParse(example.params).success).toBe(true);
    if (op.query) expect(op.query.safeParse(example.query ?? {}).success).toBe(true);
    if (op.body) expect(op.body.safeParse(example.body).success).toBe(true);
  });

  it('has an example answer its response schema takes as it is', () => {
    const { schema, example } = op.response;
    if (!schema) return expect(example).toBeUndefined();
    expect(example).toBeDefined();
    expect(parsedAsIs(schema, example)).toEqual(example);
  });
});

describe('GET /api/openapi.json', () => {
  afterEach(() => jest.useRealTimers());

  it("keeps its examples' dates ahead of the day it is served on", async () => {
    // Only the clock is fake: supertest's sockets and Express run on the real timers.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'setTimeout', 'setInterval', 'queueMicrotask'] });
    jest.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const app = express().use('/api', openApiRoutes(API_OPERATIONS));
    const timeslotsFrom = async () => {
      const res = await request(app).get('/api/openapi.json');
      const op = res.body.paths['/api/mechmate/timeslots/from/{regNo}/{departmentId}/{date}'].get;
      return (op.parameters as Array<{ name: string; example?: string }>).find((p) => p.name === 'date')?.example;
    };
    expect(await timeslotsFrom()).toBe('2026-03-02T00:00:00');
    jest.setSystemTime(new Date('2026-03-05T23:59:00Z'));
    expect(await timeslotsFrom()).toBe('2026-03-06T00:00:00');
  });
});
