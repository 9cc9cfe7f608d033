import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInstrumentation, reportRenderErrors } from './instrumentation';

// The SDK is a third party's: stand in for it, and note when anything imports it at all.
const sdk = vi.hoisted(() => ({
  imported: false,
  init: vi.fn(),
  captureException: vi.fn(),
  setUser: vi.fn(),
}));
vi.mock('@sentry/browser', () => {
  sdk.imported = true;
  return { init: sdk.init, captureException: sdk.captureException, setUser: sdk.setUser };
});

const DSN = 'https://key@o1.ingest.sentry.io/42';

beforeEach(() => {
  sdk.imported = false;
  vi.clearAllMocks();
});
afterEach(() => vi.unstubAllGlobals());

describe('error reporting with the Sentry SDK', () => {
  it('loads nothing and sends nothing without a DSN', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { errors } = createInstrumentation({ environment: 'test' });

    errors.captureException(new Error('boom'));
    errors.setUser({ id: 'user-1', email: 'dana@bouncebros.example' });
    await vi.dynamicImportSettled();

    expect(sdk.imported).toBe(false);
    expect(sdk.init).not.toHaveBeenCalled();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('initialises the SDK with the DSN and the /monitoring tunnel when a DSN is set', async () => {
    createInstrumentation({ environment: 'staging', sentryDsn: DSN });
    await vi.dynamicImportSettled();
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledOnce());

    expect(sdk.imported).toBe(true);
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({ dsn: DSN, tunnel: '/monitoring', environment: 'staging' }),
    );
  });

  it('drops Sentry’s own window handlers, which would report each uncaught error twice', async () => {
    createInstrumentation({ environment: 'test', sentryDsn: DSN });
    await vi.waitFor(() => expect(sdk.init).toHaveBeenCalledOnce());
    const [{ integrations }] = sdk.init.mock.calls[0] as [
      { integrations: (defaults: { name: string }[]) => { name: string }[] },
    ];

    const kept = integrations([{ name: 'GlobalHandlers' }, { name: 'Dedupe' }]);

    expect(kept.map((integration) => integration.name)).toEqual(['Dedupe']);
  });

  it('sends what was reported while the SDK loaded, once it is ready, in order', async () => {
    const { errors } = createInstrumentation({ environment: 'test', sentryDsn: DSN });
    const error = new Error('Failed to get voice token');

    errors.setUser({ id: 'user-1', email: 'dana@bouncebros.example' });
    errors.captureException(error, { status: 500, statusText: 'Internal Server Error' });
    expect(sdk.captureException).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledOnce());
    expect(sdk.setUser).toHaveBeenCalledWith({ id: 'user-1', email: 'dana@bouncebros.example' });
    expect(sdk.captureException).toHaveBeenCalledWith(error, {
      extra: { status: 500, statusText: 'Internal Server Error' },
    });
  });

  it('reports render errors, caught by a boundary or not, with the component stack', async () => {
    const { errors } = createInstrumentation({ environment: 'test', sentryDsn: DSN });
    const hooks = reportRenderErrors(errors);
    const error = new Error('render failed');
    vi.spyOn(console, 'error').mockImplementation(() => {});

    hooks.onCaughtError(error, { componentStack: '\n    at CustomerTable' });
    hooks.onUncaughtError(error, { componentStack: '\n    at App' });

    await vi.waitFor(() => expect(sdk.captureException).toHaveBeenCalledTimes(2));
    expect(sdk.captureException).toHaveBeenNthCalledWith(1, error, {
      extra: { componentStack: '\n    at CustomerTable', caught: true },
    });
    expect(sdk.captureException).toHaveBeenNthCalledWith(2, error, {
      extra: { componentStack: '\n    at App', caught: false },
    });
  });
});
