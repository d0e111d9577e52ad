import { endpointPathOf, type BalanceSummary, type Deposit } from '@pagemate/shared-contracts';
import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface Call {
  method: string;
  path: string;
  params: Record<string, unknown>;
  body: unknown;
}

export const NOW = new Date('2025-03-04T03:00:00Z');

export function aDeposit(overrides: Partial<Deposit> = {}): Deposit {
  return {
    payment_id: 'pay-1',
    amount: 100_000,
    status: 'pending',
    created_at: NOW.toISOString(),
    order_code: 250304001,
    provider: 'sandbox',
    description: 'PM 250304001',
    expires_at: new Date(NOW.getTime() + 15 * 60_000).toISOString(),
    paid_at: null,
    checkout_url: 'http://api.test/sandbox/checkout/pay-1',
    qr_code: '00020101021238570010A000000727',
    ...overrides,
  };
}

export function aSummary(overrides: Partial<BalanceSummary> = {}): BalanceSummary {
  return {
    total_balance: 50_000,
    reserved: 0,
    spent_this_month: 12_345,
    deposited_this_month: 200_000,
    low_balance_threshold: 20_000,
    daily: [
      { date: '2025-03-02', spend: 2_000, deposits: 0 },
      { date: '2025-03-03', spend: 10_345, deposits: 200_000 },
      { date: '2025-03-04', spend: 0, deposits: 0 },
    ],
    ...overrides,
  };
}

type Handler = (call: Call) => unknown;

/**
 * A fake API behind the shared client. Each handler answers one endpoint path with the envelope's `data`;
 * a handler that throws `apiError(...)` answers with that error body; unknown paths are 404.
 */
export function fakeBalanceApi(handlers: Record<string, Handler>) {
  const calls: Call[] = [];
  const ok = (config: InternalAxiosRequestConfig, data: unknown): AxiosResponse =>
    ({ data: { status: 200, data }, status: 200, statusText: 'OK', headers: {}, config }) as AxiosResponse;
  const fail = (config: InternalAxiosRequestConfig, status: number, code: string): never => {
    const response = { data: { status, code, message: code }, status, statusText: code, headers: {}, config } as AxiosResponse;
    throw new AxiosError(code, 'ERR_BAD_REQUEST', config, null, response);
  };
  const adapter: AxiosAdapter = async (config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: endpointPathOf(config.url, config.baseURL),
      params: (config.params ?? {}) as Record<string, unknown>,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
    };
    calls.push(call);
    const handler = handlers[call.path];
    if (!handler) return fail(config, 404, 'NOT_FOUND');
    try {
      return ok(config, handler(call));
    } catch (error) {
      if (error instanceof FakeApiError) return fail(config, error.status, error.code);
      throw error;
    }
  };
  return { adapter, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}

export class FakeApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}
