import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import axios, { type AxiosRequestConfig } from 'axios';
import type { ApiError } from '../contracts/envelope.js';
import { apiClient, type ApiClient } from './client.js';

export interface ApiRequest {
  url: string;
  method?: AxiosRequestConfig['method'];
  data?: unknown;
  params?: Record<string, unknown>;
}

/**
 * What an RTK Query hook reports as `error`: the server's stable code and message (with its field `issues` and
 * the seconds of a Retry-After when it sent them), or a network failure.
 */
export interface ApiQueryError {
  status: number | 'NETWORK';
  code: ApiError['code'] | 'NETWORK';
  message: string;
  issues?: ApiError['issues'];
  retryAfter?: number;
}

export function toApiQueryError(error: unknown): ApiQueryError {
  if (axios.isAxiosError(error)) {
    const body = error.response?.data as Partial<ApiError> | undefined;
    if (error.response) {
      const retryAfter = Number(error.response.headers['retry-after']);
      return {
        status: error.response.status,
        code: body?.code ?? 'INTERNAL',
        message: body?.message ?? error.message,
        ...(Array.isArray(body?.issues) ? { issues: body.issues } : {}),
        ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfter } : {}),
      };
    }
    return { status: 'NETWORK', code: 'NETWORK', message: error.message };
  }
  return { status: 'NETWORK', code: 'NETWORK', message: error instanceof Error ? error.message : String(error) };
}

/** RTK Query base query over the shared axios client; unwraps the `{status, data}` envelope. */
export function axiosBaseQuery(client: ApiClient = apiClient): BaseQueryFn<ApiRequest, unknown, ApiQueryError> {
  return async ({ url, method = 'GET', data, params }) => {
    try {
      const response = await client.http.request<{ status: number; data: unknown }>({ url, method, data, params });
      if (response.data.status !== 200) {
        return { error: { status: response.data.status, code: 'INTERNAL', message: 'Unexpected status' } };
      }
      return { data: response.data.data };
    } catch (error) {
      return { error: toApiQueryError(error) };
    }
  };
}

/** The one base api. Remotes add their endpoints with `api.injectEndpoints` in one file per feature. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery(),
  tagTypes: ['Balance', 'Notifications', 'Pages', 'Files', 'Identity', 'Procedure', 'Config', 'Posts', 'Comments', 'Messages', 'Clients', 'Orders', 'Dashboard', 'Partner', 'PartnerStaff', 'MyPartner'],
  endpoints: () => ({}),
});
