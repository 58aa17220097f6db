import {
  newQuickJSWASMModuleFromVariant,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSSyncVariant,
  type QuickJSWASMModule,
  shouldInterruptAfterDeadline,
} from 'quickjs-emscripten-core';

/**
 * The payload codec sandbox (docs/decisions "codecs run in QuickJS compiled to WebAssembly"). A codec
 * is tenant-written JavaScript, so it runs in QuickJS inside WebAssembly, never in Node's `vm`: it has no
 * `require`, `process`, file, network or host object to reach, only the language's own built-ins. Each compiled
 * codec gets a runtime of its own with these limits; a run over any of them is an error of that run only.
 */
export const CODEC_LIMITS = {
  /** CPU: QuickJS's interrupt handler stops a decode at this deadline. */
  timeMs: 50,
  /**
   * A compile (parsing plus the codec's top level) runs once per profile version and on a cold engine, whose
   * WebAssembly is not optimised yet: it gets more room, so a loaded machine does not refuse a good codec.
   */
  compileTimeMs: 250,
  /** Heap of one codec's runtime. */
  memoryBytes: 16 * 1024 * 1024,
  /** Native stack of one codec's runtime: deep recursion ends as a RangeError, not a crash. */
  stackBytes: 256 * 1024,
  /** The JSON of one answer. */
  outputBytes: 16 * 1024,
} as const;

export interface CodecInput {
  bytes: readonly number[];
  fPort: number;
  recvTime: Date;
}

export interface CodecOutput {
  data: Record<string, unknown> | null;
  warnings: string[];
  errors: string[];
}

/**
 * The host's call into the codec: bytes as hex (one string handle, not an array of handles), the input object
 * of the convention, and the answer as JSON bounded in the sandbox (a huge answer never reaches the host).
 * Made before the codec's own code runs, with the engine's JSON.stringify kept in the closure: a codec that
 * replaces JSON.stringify (to answer something that is no JSON text, or no text at all) changes only what its
 * own code calls, never the text the host reads.
 */
const runnerSource = `(function (stringify) {
  return function (hex, fPort, time) {
    var bytes = new Array(hex.length / 2);
    for (var i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    var answer = decodeUplink({ bytes: bytes, fPort: fPort, recvTime: new Date(time) });
    var json = stringify(answer === undefined ? null : answer);
    if (typeof json !== 'string') return 'null';
    if (json.length > ${CODEC_LIMITS.outputBytes}) throw new RangeError('output over limit');
    return json;
  };
})(JSON.stringify)`;

/**
 * `@jitl/quickjs-wasmfile-release-sync` taken apart and required: its index loads the Emscripten module with
 * import(), which esbuild resolves to the ES module loader, and that one needs `import.meta.url`, empty in the
 * CommonJS bundles of the Lambdas. The CommonJS loader finds the .wasm through `__dirname`.
 */
const variant: QuickJSSyncVariant = {
  type: 'sync',
  importFFI: async () => require('@jitl/quickjs-wasmfile-release-sync/ffi').QuickJSFFI,
  importModuleLoader: async () => require('@jitl/quickjs-wasmfile-release-sync/emscripten-module'),
};

let wasmModule: Promise<QuickJSWASMModule> | undefined;
/**
 * One WebAssembly instance per process. The WASM (~600 kB) is a file, not base64 inside the bundle (a bundle
 * stays at or under 1 MB): Emscripten reads `emscripten-module.wasm` from the directory of the code that loads
 * it, the package's dist/ when run from source and the bundle's own directory in a Lambda
 * (infra/constructs/codec-bundling.ts copies it there).
 */
export const quickJs = () => {
  wasmModule ??= newQuickJSWASMModuleFromVariant(variant).then((engine) => {
    // One throwaway run warms the engine's code paths before any deadline counts.
    engine.evalCode('JSON.stringify([1, 2, 3].map(function (n) { return { n: n }; }))');
    return engine;
  });
  return wasmModule;
};

const describe = (dumped: unknown): string => {
  if (dumped && typeof dumped === 'object') {
    const { name, message } = dumped as { name?: unknown; message?: unknown };
    if (typeof message === 'string') return `${typeof name === 'string' ? `${name}: ` : ''}${message}`;
  }
  return String(dumped);
};

/** QuickJS's own words for the limits, in words a codec author understands. */
function reasonOf(error: string, timeMs: number): string {
  // QuickJS says "interrupted" when the deadline handler stopped it; a throw that came late is still a throw.
  if (/\binterrupted\b/i.test(error)) return `The codec ran longer than ${timeMs} ms`;
  if (/out of memory/i.test(error)) return `The codec used more than ${CODEC_LIMITS.memoryBytes / 1024 / 1024} MB`;
  if (/stack overflow/i.test(error)) return 'The codec recursed too deeply (stack overflow)';
  return error.slice(0, 500);
}

/** A codec compiled in its own runtime, ready to decode many uplinks. Dispose when evicted. */
export class CompiledCodec {
  private constructor(
    private readonly runtime: QuickJSRuntime,
    private readonly context: QuickJSContext,
    /** Set when a run hit a limit: the runtime's state is not trusted again; the cache compiles anew. */
    public broken = false,
  ) {}

  /** Compiles (and runs the top level of) `source`; an error is the reason it cannot be used. */
  static async compile(source: string): Promise<CompiledCodec | { error: string }> {
    return (await CompiledCodec.timedCompile(source)).codec;
  }

  /** `compile`, and how long it took once the engine was there: codec time its tenant is charged (codec-budget.ts). */
  static async timedCompile(source: string): Promise<{ codec: CompiledCodec | { error: string }; compileMs: number }> {
    const engine = await quickJs();
    const started = performance.now();
    const runtime = engine.newRuntime();
    runtime.setMemoryLimit(CODEC_LIMITS.memoryBytes);
    runtime.setMaxStackSize(CODEC_LIMITS.stackBytes);
    const context = runtime.newContext();
    const codec = new CompiledCodec(runtime, context);
    // The host's wrapper first, so that it holds the engine's own JSON.stringify (runnerSource); made now, no
    // decode pays for parsing it.
    codec.runner();
    const failure = codec.evaluate(
      `${source}\n;typeof decodeUplink === 'function' ? '' : 'no decodeUplink'`,
      CODEC_LIMITS.compileTimeMs,
    );
    const compileMs = performance.now() - started;
    if (failure.error !== undefined || failure.value !== '') {
      codec.dispose();
      return { codec: { error: failure.error ?? 'The codec must define a function decodeUplink(input)' }, compileMs };
    }
    return { codec, compileMs };
  }

  private evaluate(code: string, timeMs: number): { value?: string; error?: string } {
    return this.guarded(() => this.context.evalCode(code, 'codec.js'), timeMs);
  }

  /** Runs under the deadline; answers the string value or an error text. */
  private guarded(
    step: () => ReturnType<QuickJSContext['evalCode']>,
    timeMs: number = CODEC_LIMITS.timeMs,
  ): { value?: string; error?: string } {
    const deadline = Date.now() + timeMs;
    this.runtime.setInterruptHandler(shouldInterruptAfterDeadline(deadline));
    try {
      const result = step();
      if (result.error) {
        const error = describe(this.context.dump(result.error));
        result.error.dispose();
        this.broken = true;
        return { error: reasonOf(error, timeMs) };
      }
      const value = this.context.dump(result.value);
      result.value.dispose();
      return { value: typeof value === 'string' ? value : String(value) };
    } catch (error) {
      // A failure of the engine itself (memory exhausted while reporting): this codec's runtime is done.
      this.broken = true;
      return {
        error: reasonOf(error instanceof Error ? error.message : String(error), timeMs),
      };
    } finally {
      this.runtime.removeInterruptHandler();
    }
  }

  /** decodeUplink(input) -> { data, warnings, errors }; every failure is an `errors` entry, never a throw. */
  decode(input: CodecInput): CodecOutput {
    const hex = input.bytes.map((byte) => (byte & 0xff).toString(16).padStart(2, '0')).join('');
    const { value, error } = this.run(hex, Math.trunc(input.fPort), input.recvTime.getTime());
    if (error !== undefined) {
      if (!/output over limit/.test(error)) return { data: null, warnings: [], errors: [error] };
      // An oversized answer is the codec's mistake, not a damaged runtime.
      this.broken = false;
      const limit = `The codec's answer is larger than ${CODEC_LIMITS.outputBytes / 1024} KB of JSON`;
      return { data: null, warnings: [], errors: [limit] };
    }
    return outputOf(parsedAnswer(value as string));
  }

  /** Calls the wrapper (runnerSource) with handles: no source text is parsed per uplink. */
  private run(hex: string, fPort: number, time: number): { value?: string; error?: string } {
    const args = [this.context.newString(hex), this.context.newNumber(fPort), this.context.newNumber(time)];
    try {
      return this.guarded(() => this.context.callFunction(this.runner(), this.context.undefined, ...args));
    } finally {
      for (const handle of args) handle.dispose();
    }
  }

  private runnerHandle: QuickJSHandle | undefined;
  private runner(): QuickJSHandle {
    if (!this.runnerHandle) {
      const result = this.context.evalCode(runnerSource, 'runner.js');
      this.runnerHandle = this.context.unwrapResult(result);
    }
    return this.runnerHandle;
  }

  dispose(): void {
    if (this.runnerHandle?.alive) this.runnerHandle.dispose();
    if (this.context.alive) this.context.dispose();
    if (this.runtime.alive) this.runtime.dispose();
  }
}

/**
 * The codec's answer as the runner wrote it. Always JSON text (the engine's own JSON.stringify); should that ever
 * not hold, the uplink gets the codec's error rather than a throw that would send it round the queue until it
 * is dead-lettered.
 */
function parsedAnswer(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.slice(0, 20).map((entry) => String(entry).slice(0, 500)) : [];

/** The convention's answer: `{ data, warnings?, errors? }`; anything else is the codec's error. */
function outputOf(answer: unknown): CodecOutput {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer))
    return { data: null, warnings: [], errors: ['decodeUplink must return an object { data, warnings, errors }'] };
  const { data, warnings, errors } = answer as Record<string, unknown>;
  const problems = strings(errors);
  if (problems.length) return { data: null, warnings: strings(warnings), errors: problems };
  if (!data || typeof data !== 'object' || Array.isArray(data))
    return { data: null, warnings: strings(warnings), errors: ['decodeUplink returned no data object'] };
  return { data: data as Record<string, unknown>, warnings: strings(warnings), errors: [] };
}
