import { scheduleUpdateChecks, UPDATE_CHECK_INTERVAL_SECONDS } from '../../web/src/common/updateChecks';

/** The service-worker update prompt's hourly check (spec 001 s.2, s.8, s.9). */
describe('service-worker update checks', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const registration = (installing: unknown = null, update = jest.fn(async () => undefined)) => ({
    installing,
    update,
  });

  it('asks for an update once every 3600 seconds until stopped', () => {
    expect(UPDATE_CHECK_INTERVAL_SECONDS).toBe(3600);
    const reg = registration();
    const stop = scheduleUpdateChecks(reg, () => true);
    jest.advanceTimersByTime(3600 * 1000 - 1);
    expect(reg.update).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(reg.update).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(3600 * 1000);
    expect(reg.update).toHaveBeenCalledTimes(2);
    stop();
    jest.advanceTimersByTime(10 * 3600 * 1000);
    expect(reg.update).toHaveBeenCalledTimes(2);
  });

  it('skips the check while offline or while a new worker is installing', () => {
    const offline = registration();
    scheduleUpdateChecks(offline, () => false);
    const installing = registration({});
    scheduleUpdateChecks(installing, () => true);
    jest.advanceTimersByTime(3 * 3600 * 1000);
    expect(offline.update).not.toHaveBeenCalled();
    expect(installing.update).not.toHaveBeenCalled();
  });

  it('only logs a failed check', async () => {
    const error = new Error('network');
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = registration(
      null,
      jest.fn(async () => Promise.reject(error)),
    );
    scheduleUpdateChecks(failing, () => true);
    await jest.advanceTimersByTimeAsync(3600 * 1000);
    expect(logged).toHaveBeenCalledWith('Service worker update check failed', error);
    logged.mockRestore();
  });
});
