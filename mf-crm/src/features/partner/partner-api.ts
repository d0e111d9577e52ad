import {
  api,
  endpointPath,
  type EndpointBody,
  type EndpointQuery,
  type PartnerClient,
  type PartnerOrder,
  type PartnerShop,
  type PartnerStaff,
} from '@pagemate/shared-contracts';

/** The shops' activity figures cover the last 30 days (the partner dashboard's default range). */
export const PARTNER_SHOP_DAYS = 30;

export type PartnerOrdersArg = Partial<EndpointQuery<'partnerOrders'>>;
export type PartnerClientsArg = Partial<EndpointQuery<'partnerClients'>>;
export type SaveStaffBody = EndpointBody<'savePartnerStaff'>;
export type AssignShopBody = EndpointBody<'partnerAssignShop'>;

// Tag ids, not bare types: the shell's own partner endpoints share the 'Partner' type.
const SHOPS = { type: 'Partner', id: 'SHOPS' } as const;
const CLIENTS = { type: 'Partner', id: 'CLIENTS' } as const;
const ORDERS = { type: 'Partner', id: 'ORDERS' } as const;
const STAFF = { type: 'PartnerStaff', id: 'LIST' } as const;
/** The whole type: an assignment or a staff change also changes the shell's shop figures (manager names). */
const PARTNER_FIGURES = 'Partner' as const;

/** Only the filters that are set: the server reads a missing one as "all". */
function definedOnly<T extends Record<string, string | undefined>>(params: T): Partial<T> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== '')) as Partial<T>;
}

/**
 * The partner CRM and HRM: the shops served (30 days' figures), their clients and orders (read-only), the team,
 * and each shop's account manager. A staff change or an assignment refreshes both the team (shop counts) and
 * the shops (manager names). Names are prefixed `crmPartner…`: the shell injects its own partner endpoints.
 */
export const partnerApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    crmPartnerShops: build.query<PartnerShop[], undefined>({
      query: () => ({ url: endpointPath('partnerShops'), params: { days: PARTNER_SHOP_DAYS } }),
      providesTags: [SHOPS],
    }),
    crmPartnerAssignShop: build.mutation<PartnerShop, AssignShopBody>({
      query: (body) => ({ url: endpointPath('partnerAssignShop'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [PARTNER_FIGURES, STAFF]),
    }),
    crmPartnerClients: build.query<PartnerClient[], PartnerClientsArg>({
      query: (arg) => ({ url: endpointPath('partnerClients'), params: definedOnly(arg) }),
      providesTags: [CLIENTS],
    }),
    crmPartnerOrders: build.query<PartnerOrder[], PartnerOrdersArg>({
      query: (arg) => ({ url: endpointPath('partnerOrders'), params: definedOnly(arg) }),
      providesTags: [ORDERS],
    }),
    crmPartnerStaff: build.query<PartnerStaff[], undefined>({
      query: () => ({ url: endpointPath('partnerStaff') }),
      providesTags: [STAFF],
    }),
    crmPartnerSaveStaff: build.mutation<PartnerStaff, SaveStaffBody>({
      query: (body) => ({ url: endpointPath('savePartnerStaff'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [STAFF, PARTNER_FIGURES]),
    }),
    crmPartnerDeleteStaff: build.mutation<unknown, EndpointBody<'deletePartnerStaff'>>({
      query: (body) => ({ url: endpointPath('deletePartnerStaff'), method: 'POST', data: body }),
      invalidatesTags: (_result, error) => (error ? [] : [STAFF, PARTNER_FIGURES]),
    }),
  }),
});

export const {
  useCrmPartnerShopsQuery,
  useCrmPartnerAssignShopMutation,
  useCrmPartnerClientsQuery,
  useCrmPartnerOrdersQuery,
  useCrmPartnerStaffQuery,
  useCrmPartnerSaveStaffMutation,
  useCrmPartnerDeleteStaffMutation,
} = partnerApi;
