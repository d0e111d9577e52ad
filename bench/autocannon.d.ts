// The part of autocannon's programmatic API the benches use (the package ships no types).
declare module 'autocannon' {
  export interface RequestParams {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  export interface Request extends RequestParams {
    setupRequest?: (request: RequestParams) => RequestParams;
  }
  export interface Options extends RequestParams {
    url: string;
    connections?: number;
    duration?: number;
    /** Stop after this many requests instead of after `duration`. */
    amount?: number;
    requests?: Request[];
  }
  export interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    duration: number;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
