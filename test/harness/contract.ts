import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import standaloneCode from 'ajv/dist/standalone';
import { PROBLEM_JSON } from '../../shared/errors';
import { readStack, stackFile } from './stack';

/**
 * Every answer the integration harness receives is held to the published contract: the
 * OpenAPI document of GET /api/docs.json, built from the same route table and contracts the stack serves.
 * The route is found by path template and method, the answer by status; an undocumented status, a content
 * type the document does not list, or a body its schema (closed objects, JSON Schema 2020-12, ajv strict)
 * does not take is a failure of the test that made the call.
 *
 * Every difference is also appended to .test-results/contract-differences.jsonl; CONTRACT_CHECK=log only
 * lists them there (no throw), to see all of them after one run; CONTRACT_CHECK=off turns the check off.
 */
type Schema = Record<string, unknown>;
type Content = Record<string, { schema?: Schema }>;
interface ResponseObject {
  $ref?: string;
  content?: Content;
}
interface Operation {
  responses: Record<string, ResponseObject>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject> };
}
interface Template {
  path: string;
  pattern: RegExp;
  literalSegments: number;
}

export interface Answer {
  method: string;
  /** As sent, with its query string. */
  path: string;
  status: number;
  contentType: string | null;
  text: string;
}

const mode = process.env.CONTRACT_CHECK ?? 'throw';
const LOG_FILE = join(__dirname, '../../.test-results/contract-differences.jsonl');

let contract: { doc: Document; templates: Template[] } | undefined;
// With the generated source kept, so a compiled validator can be handed to the run's other test files.
const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true, code: { source: true } });
const validators = new Map<string, ValidateFunction>();

function templateOf(path: string): Template {
  const segments = path.split('/');
  const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')));
  return {
    path,
    pattern: new RegExp(`^${source.join('/')}$`),
    literalSegments: segments.filter((s) => !s.startsWith('{')).length,
  };
}

const buildDocument = (): Document => {
  const { openApiDocument } = require('../../functions/lib/openapi/openapi-document') as {
    openApiDocument: (url: string) => unknown;
  };
  return openApiDocument('http://localhost') as Document;
};

/** Written under another name, then renamed: a test file reading beside the writer never sees half a file. */
function writeWhole(file: string, text: string) {
  writeFileSync(`${file}.${process.pid}`, text);
  renameSync(`${file}.${process.pid}`, file);
}

/**
 * The folder of this jest run's stack where the contract's parts are kept for every test file of the run, or
 * undefined without a stack (the harness's own unit tests), where everything is built in place.
 */
const runFolder = () => (existsSync(stackFile()) ? readStack().dataDir : undefined);

/**
 * The document, built once per jest run: the first test file to check an answer builds it from the route table's
 * zod contracts and keeps it beside the run's stack; the others read that copy. Building it in every file cost
 * more than a second of CPU a file (zod's JSON Schema conversion, and loading every contract module).
 */
function documentOfThisRun(): Document {
  const folder = runFolder();
  if (!folder) return buildDocument();
  const file = join(folder, 'openapi-document.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Document;
  const doc = buildDocument();
  writeWhole(file, JSON.stringify(doc));
  return doc;
}

function loaded() {
  if (!contract) {
    const doc = documentOfThisRun();
    // A literal segment wins over a parameter: /api/assets/map before /api/assets/{id}.
    const templates = Object.keys(doc.paths)
      .map(templateOf)
      .sort((a, b) => b.literalSegments - a.literalSegments);
    contract = { doc, templates };
  }
  return contract;
}

/**
 * A validator for each (route, status, media type) schema, compiled once per jest run: the first file that needs
 * it compiles it and keeps ajv's generated source beside the run's stack, the others load that source. Compiling
 * in every file cost about a second of CPU a file: code generation runs slowly in a test file's sandbox.
 */
function validatorFor(key: string, schema: Schema) {
  let validate = validators.get(key);
  if (!validate) {
    validate = compiledOnce(key, schema);
    validators.set(key, validate);
  }
  return validate;
}

function compiledOnce(key: string, schema: Schema): ValidateFunction {
  const folder = runFolder();
  if (!folder) return ajv.compile(schema);
  const file = join(folder, 'contract-validators', `${createHash('sha256').update(key).digest('hex')}.js`);
  if (existsSync(file)) return loadValidator(readFileSync(file, 'utf8'));
  const validate = ajv.compile(schema);
  mkdirSync(join(file, '..'), { recursive: true });
  writeWhole(file, standaloneCode(ajv, validate));
  return validate;
}

/** ajv's standalone module (CommonJS, requiring ajv's runtime helpers) evaluated as a module of this file. */
function loadValidator(source: string): ValidateFunction {
  const module = { exports: {} as ValidateFunction };
  new Function('module', 'exports', 'require', source)(module, module.exports, require);
  return module.exports;
}

const mediaTypeOf = (contentType: string | null) => contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

function describeError(error: ErrorObject): string {
  const at = error.instancePath || '/';
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties') return `${at}: not in the document: "${params.additionalProperty}"`;
  if (error.keyword === 'required') return `${at}: missing "${params.missingProperty}"`;
  return `${at}: ${error.message} (${JSON.stringify(params)}, schema ${error.schemaPath})`;
}

/** The operation an answer belongs to: its path template, or undefined when the document has none. */
export function templateFor(method: string, path: string): string | undefined {
  const { doc, templates } = loaded();
  // The route table ignores a trailing slash (shared/routes.ts: the console calls /api/assets/export/).
  const pathOnly = (path.split('?')[0] ?? '').replace(/(.)\/$/, '$1');
  return templates.find((t) => t.pattern.test(pathOnly) && doc.paths[t.path]?.[method.toLowerCase()])?.path;
}

/**
 * Of a failed anyOf (an asset's staff and client views), only the errors of the branch that came closest: the
 * others' say nothing about the difference.
 */
function closestBranches(errors: ErrorObject[]): ErrorObject[] {
  const unions = errors.filter((e) => e.keyword === 'anyOf');
  let kept = errors.filter((e) => e.keyword !== 'anyOf');
  for (const union of unions) {
    const prefix = `${union.schemaPath}/`;
    const byBranch = new Map<string, ErrorObject[]>();
    for (const error of kept.filter((e) => e.schemaPath.startsWith(prefix))) {
      const branch = error.schemaPath.slice(prefix.length).split('/')[0] as string;
      byBranch.set(branch, [...(byBranch.get(branch) ?? []), error]);
    }
    const closest = [...byBranch.values()].sort((a, b) => a.length - b.length)[0] ?? [union];
    kept = [...kept.filter((e) => !e.schemaPath.startsWith(prefix)), ...closest];
  }
  return kept;
}

/** The differences between one answer and the document; [] when it keeps the contract. */
export function differencesOf(answer: Answer): string[] {
  const { doc } = loaded();
  const template = templateFor(answer.method, answer.path);
  if (!template) {
    // A path or method the API does not have: the gateway's own 404/405, in the error format.
    if ([404, 405].includes(answer.status) && mediaTypeOf(answer.contentType) === PROBLEM_JSON) return [];
    return [`no operation ${answer.method} ${answer.path.split('?')[0]} in the document`];
  }
  const operation = doc.paths[template]?.[answer.method.toLowerCase()] as Operation;
  let response = operation.responses[String(answer.status)] ?? operation.responses.default;
  if (!response) return [`status ${answer.status} is not documented`];
  if (response.$ref) response = doc.components.responses[response.$ref.split('/').pop() as string] as ResponseObject;
  const mediaType = mediaTypeOf(answer.contentType);
  if (!response.content)
    return answer.text === '' ? [] : [`a body where the document says none: ${answer.text.slice(0, 80)}`];
  const media = response.content[mediaType];
  if (!media) return [`content type "${mediaType}" is not documented (${Object.keys(response.content).join(', ')})`];
  if (!isJson(mediaType) || !media.schema) return [];
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return [`a ${mediaType} body that is not JSON: ${answer.text.slice(0, 80)}`];
  }
  const validate = validatorFor(`${answer.method} ${template} ${answer.status} ${mediaType}`, media.schema);
  return validate(body) ? [] : closestBranches(validate.errors ?? []).map(describeError);
}

/** Fails the calling test (or logs, CONTRACT_CHECK=log) when an answer differs from the document. */
export function checkAnswer(answer: Answer): void {
  if (mode === 'off') return;
  const differences = differencesOf(answer);
  if (differences.length === 0) return;
  const template = templateFor(answer.method, answer.path) ?? '(no route)';
  const route = `${answer.method} ${template} (${answer.path}) answered ${answer.status} ${mediaTypeOf(answer.contentType)}`;
  // Every difference is listed, also those after the first of a test (which throws).
  mkdirSync(join(LOG_FILE, '..'), { recursive: true });
  const test = expect.getState().testPath?.split('/').pop();
  appendFileSync(LOG_FILE, `${JSON.stringify({ test, route, differences, body: answer.text.slice(0, 300) })}\n`);
  if (mode === 'log') return;
  throw new Error(`The answer differs from the OpenAPI document: ${route}\n  ${differences.join('\n  ')}`);
}
