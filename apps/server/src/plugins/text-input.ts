// Refuses request texts that no field may hold (NUL, lone surrogates, bidirectional overrides), wherever they are: body, query, path, object keys.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { customRules } from '@costory/shared';
import { ValidationError, type FieldProblem } from '../errors';

// Deeper bodies are refused by their schemas anyway; the walk must not be a way to exhaust the stack.
const MAX_DEPTH = 64;

function fieldPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}

/** The paths (e.g. `company.name`, `values.0`) of texts that break `text_characters`. */
function badTextPaths(value: unknown, path: string, depth: number, found: string[]): void {
  if (typeof value === 'string') {
    if (!customRules.textCharacters(value)) found.push(path === '' ? 'body' : path);
    return;
  }
  if (typeof value !== 'object' || value === null || depth > MAX_DEPTH) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => badTextPaths(item, fieldPath(path, index), depth + 1, found));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = fieldPath(path, key);
    if (!customRules.textCharacters(key)) found.push(path === '' ? 'body' : path);
    badTextPaths(item, itemPath, depth + 1, found);
  }
}

function problemsOf(request: FastifyRequest): FieldProblem[] {
  const found: string[] = [];
  for (const part of [request.params, request.query, request.body])
    badTextPaths(part, '', 0, found);
  return [...new Set(found)].map((field) => ({ field, rule: 'text_characters' }));
}

function textInputPlugin(app: FastifyInstance, _options: unknown, done: () => void): void {
  // Before the route's schema: zod would accept such texts, and the database or a JSON column
  // would then fail with a server error.
  app.addHook('preValidation', (request, _reply, next) => {
    const problems = problemsOf(request);
    next(problems.length > 0 ? new ValidationError(problems) : undefined);
  });
  done();
}

export default fp(textInputPlugin, { name: 'costory-text-input' });
