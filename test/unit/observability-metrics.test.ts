import type { DeviceRecord } from '../../functions/lib/devices/device-repository';
import { withEffects } from '../../functions/lib/effects/with-effects';
import {
  DIMENSION,
  METRIC,
  METRIC_SERVICES,
  metricsNamespace,
  REJECTION_REASONS,
  rejectionReasonOf,
} from '../../functions/lib/observability/names';
import {
  alarmMail,
  exportJobFinished,
  uplinkApplied,
  uplinkRejected,
} from '../../functions/lib/observability/product-metrics';
import { activeTracer, traced, tracingWanted } from '../../functions/lib/observability/tracing';
import type { NormalizedUplink } from '../../functions/lib/pipeline/contracts';
import type { LoadedDevice } from '../../functions/lib/pipeline/processor/load';
import { checkUplink } from '../../functions/lib/pipeline/processor/process-batch';
import { WAY_IN_REJECTIONS } from '../../functions/lib/pipeline/ways-in/rejection-examples';

/** The EMF lines (functions/lib/observability/) and the closed lists of their dimensions. */
interface EmfLine {
  _aws: { Timestamp: number; CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: unknown[] }[] };
  [key: string]: unknown;
}

/** Every EMF line `work` prints (Powertools writes them to stdout through its own console). */
async function printedBy(work: () => unknown): Promise<EmfLine[]> {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    await work();
  } catch {
    // the lines printed before are what is asked for
  } finally {
    spy.mockRestore();
  }
  return lines
    .flatMap((text) => text.split('\n'))
    .filter((line) => line.includes('"_aws"'))
    .map((line) => JSON.parse(line) as EmfLine);
}
/** The lines one invocation prints when it ends, having counted what `count` counts. */
const invoked = (count: () => void) =>
  printedBy(() =>
    withEffects('worker', async () => {
      count();
    })(undefined),
  );

const definition = (line: EmfLine) => line._aws.CloudWatchMetrics[0] as EmfLine['_aws']['CloudWatchMetrics'][0];

describe('EMF lines', () => {
  it('prints one line per dimension set with every prefix of its dimensions, in the stage namespace', async () => {
    const lines = await invoked(() => {
      uplinkRejected('kpn', 'The body is not JSON');
      uplinkRejected('kpn', 'The body is not JSON');
      uplinkRejected('mqtt', 'Unknown DEVEUI');
      uplinkApplied('lorawan', '2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T10:00:01.250Z'));
    });
    expect(lines).toHaveLength(3);
    const kpn = lines.find((line) => line.WayIn === 'kpn') as EmfLine;
    expect(kpn).toMatchObject({ service: METRIC_SERVICES.uplinks, Reason: 'unreadable', UplinksRejected: 2 });
    expect(definition(kpn)).toEqual({
      Namespace: metricsNamespace('local'),
      Dimensions: [['service', 'WayIn', 'Reason'], ['service', 'WayIn'], ['service']],
      Metrics: [{ Name: METRIC.uplinksRejected, Unit: 'Count' }],
    });
    const applied = lines.find((line) => line.WayIn === 'lorawan') as EmfLine;
    expect(applied).toMatchObject({ UplinksAccepted: 1, ProcessorLag: 1250 });
    expect(definition(applied).Dimensions).toEqual([['service', 'WayIn'], ['service']]);
    expect(lines.find((line) => line.WayIn === 'mqtt')).toMatchObject({ Reason: 'unknown-deveui' });
  });

  it('publishes a value outside its closed list as "other", never as sent (no ids, no free text)', async () => {
    const lines = await invoked(() => {
      uplinkRejected('A41163C212345678', 'The body is not JSON');
      exportJobFinished('tenant-7-secret', 'succeeded', 1500, { format: 'docx', rows: 12 });
    });
    expect(lines.map((line) => [line.WayIn ?? line.List, line.Format])).toEqual([
      ['other', undefined],
      ['other', 'other'],
    ]);
    expect(lines[1]).toMatchObject({ ExportJobsSucceeded: 1, ExportDuration: 1500, ExportRows: 12 });
  });

  it('names no dimension beyond the closed ones and service (no tenant, DEVEUI or id)', async () => {
    const lines = await invoked(() => {
      uplinkRejected('tts', 'Unknown DEVEUI');
      alarmMail('sent');
      alarmMail('failed');
      exportJobFinished('devices', 'failed', 20);
    });
    const allowed = new Set(['service', ...Object.values(DIMENSION)]);
    for (const line of lines)
      for (const set of definition(line).Dimensions) for (const name of set) expect(allowed).toContain(name);
  });

  it('prints a set at once when it holds 100 values of a duration (the EMF limit), so nothing grows unbounded', async () => {
    const lines = await invoked(() => {
      for (let i = 0; i < 250; i++)
        uplinkApplied('mqtt', '2026-11-26T10:00:00.000Z', Date.parse('2026-11-26T10:00:00.100Z'));
    });
    expect(lines.map((line) => (line.ProcessorLag as number[]).length)).toEqual([100, 100, 50]);
    expect(lines.map((line) => line.UplinksAccepted)).toEqual([100, 100, 50]);
  });

  it('prints nothing when nothing was counted (no Powertools warning on an idle request)', async () => {
    const write = jest.spyOn(process.stdout, 'write');
    const warn = jest.spyOn(console, 'warn');
    await withEffects('worker', async () => undefined)(undefined);
    expect(write).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    write.mockRestore();
    warn.mockRestore();
  });
});

describe('rejection reasons (a closed list from the recorded text)', () => {
  it("reads every way in's documented refusal as unreadable", () => {
    expect(WAY_IN_REJECTIONS.length).toBeGreaterThan(10);
    for (const { reason } of WAY_IN_REJECTIONS)
      expect([reason, rejectionReasonOf(reason)]).toEqual([reason, 'unreadable']);
  });

  it("reads the processor's own refusals by their texts", () => {
    const device = {
      id: 1,
      dev_eui: 'A41163C212345678',
      is_sabotaged: false,
      battery_level_low: false,
    } as DeviceRecord;
    const loaded = { device, ctx: { tenantId: '1' } } as unknown as LoadedDevice;
    const uplink = (extra: Partial<NormalizedUplink>): NormalizedUplink => ({
      tenant: '1',
      devEui: device.dev_eui,
      source: 'kpn',
      measuredAt: '2026-11-26T10:00:00.000Z',
      receivedAt: '2026-11-26T10:00:00.000Z',
      ...extra,
    });
    const reasonOf = (u: NormalizedUplink) => {
      const checked = checkUplink(u, loaded);
      return checked.ok ? 'accepted' : rejectionReasonOf(checked.reason);
    };
    expect(reasonOf(uplink({ payloadHex: 'FF' }))).toBe('undecodable-payload');
    expect(reasonOf(uplink({ measuredAt: '2026-11-26T11:00:00.000Z', payloadHex: '05' }))).toBe('impossible-time');
    expect(rejectionReasonOf('DEVEUI A41163C212345678 is not a device of this tenant')).toBe('foreign-deveui');
    expect(rejectionReasonOf('Not a queued uplink')).toBe('malformed-message');
    expect(rejectionReasonOf('Queued without the tenant its way in proved (the older message format)')).toBe(
      'malformed-message',
    );
    expect(new Set(REJECTION_REASONS).size).toBe(6);
  });
});

describe('wrapped handlers (withEffects, tracing.ts)', () => {
  it('flush what the invocation counted when it returns and when it throws; tracing is off outside Lambda', async () => {
    expect(activeTracer()).toBeUndefined();
    // Not even loaded: the X-Ray SDK's async-hooks destroy hook would tax every promise of the process.
    expect(Object.keys(require.cache).some((file) => file.includes('aws-xray-sdk-core'))).toBe(false);
    const returns = withEffects('worker', async (n: number) => {
      alarmMail('sent');
      return n + 1;
    });
    let answer: number | undefined;
    const sent = await printedBy(async () => {
      answer = await returns(1);
    });
    expect(answer).toBe(2);
    expect(sent.map((line) => line.AlarmMailsSent)).toEqual([1]);
    const throws = withEffects('worker', async () => {
      alarmMail('failed');
      throw new Error('SNS refused');
    });
    let thrown: unknown;
    const failed = await printedBy(() =>
      throws(undefined).catch((error: unknown) => {
        thrown = error;
      }),
    );
    expect(thrown).toEqual(new Error('SNS refused'));
    expect(failed.map((line) => line.AlarmMailsFailed)).toEqual([1]);
  });

  it('traces in Lambda unless POWERTOOLS_TRACE_ENABLED=false, as Tracer itself decides', () => {
    const lambda = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x' };
    expect(tracingWanted({})).toBe(false);
    expect(tracingWanted(lambda)).toBe(true);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'FALSE' })).toBe(false);
    expect(tracingWanted({ ...lambda, POWERTOOLS_TRACE_ENABLED: 'true' })).toBe(true);
  });

  it('marks faults in the trace, not refusals, and never fails the invocation when tracing itself fails', async () => {
    const lambdaEnv = jest.replaceProperty(process, 'env', {
      ...process.env,
      AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs20.x',
    });
    const tracer = activeTracer();
    if (!tracer) throw new Error('tracing should be on in Lambda');
    const handlerSegment = { close: jest.fn() };
    const spies = [
      jest.spyOn(tracer, 'isTracingEnabled').mockReturnValue(true),
      jest.spyOn(tracer, 'getSegment').mockReturnValue({ addNewSubsegment: () => handlerSegment } as never),
      jest.spyOn(tracer, 'setSegment').mockImplementation(() => undefined),
      jest.spyOn(tracer, 'annotateColdStart').mockImplementation(() => undefined),
      jest.spyOn(tracer, 'addServiceNameAnnotation').mockImplementation(() => undefined),
    ];
    const addError = jest.spyOn(tracer, 'addErrorAsMetadata').mockImplementation(() => undefined);
    try {
      const refused = withEffects('worker', async () => {
        throw Object.assign(new Error('No route found for this path.'), { status: 404 });
      });
      await expect(refused(undefined)).rejects.toThrow('No route found');
      expect(addError).not.toHaveBeenCalled();
      expect(handlerSegment.close).toHaveBeenCalledTimes(1);
      await expect(
        withEffects('worker', async () => Promise.reject(new Error('DynamoDB down')))(undefined),
      ).rejects.toThrow();
      expect(addError).toHaveBeenCalledTimes(1);
      // X-Ray unreachable or a segment that cannot be closed: the answer is still the handler's.
      handlerSegment.close.mockImplementation(() => {
        throw new Error('segment closed twice');
      });
      jest.spyOn(tracer, 'annotateColdStart').mockImplementation(() => {
        throw new Error('no segment');
      });
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      await expect(withEffects('worker', async () => 'answer')(undefined)).resolves.toBe('answer');
      warn.mockRestore();
    } finally {
      for (const spy of [...spies, addError]) spy.mockRestore();
      lambdaEnv.restore();
    }
  });

  it('leaves an AWS client as it is when tracing is off', () => {
    const client = { send: () => undefined };
    expect(traced(client)).toBe(client);
  });
});
