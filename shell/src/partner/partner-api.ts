import { api, endpointPath, type MyPartner, type PartnerAlert, type PartnerInvite, type PartnerOverview, type PartnerShop } from '@pagemate/shared-contracts';

export interface PartnerOverviewArgs {
  days: number;
  /** One shop, or every shop served when absent. */
  shopId?: string;
}

const FIGURES = { type: 'Partner', id: 'FIGURES' } as const;
const INVITE = { type: 'Partner', id: 'INVITE' } as const;

/**
 * The shell's partner endpoints: the partner's dashboard, shop list, alerts and invite code, and the shop's side
 * (join / leave a partner). Named `shellPartner…`: mf-crm injects its own `crmPartner…` into the same base api.
 */
export const partnerApi = api.injectEndpoints({
  overrideExisting: 'throw',
  endpoints: (build) => ({
    shellPartnerOverview: build.query<PartnerOverview, PartnerOverviewArgs>({
      query: ({ days, shopId }) => ({ url: endpointPath('partnerOverview'), params: { days, ...(shopId === undefined ? {} : { shop_id: shopId }) } }),
      providesTags: [FIGURES],
    }),
    shellPartnerShops: build.query<PartnerShop[], number>({
      query: (days) => ({ url: endpointPath('partnerShops'), params: { days } }),
      providesTags: [FIGURES],
    }),
    shellPartnerAlerts: build.query<PartnerAlert[], undefined>({
      query: () => ({ url: endpointPath('partnerAlerts') }),
      providesTags: [FIGURES],
    }),
    shellPartnerInvite: build.query<PartnerInvite, undefined>({
      query: () => ({ url: endpointPath('partnerInvite') }),
      providesTags: [INVITE],
    }),
    shellPartnerRotateInvite: build.mutation<PartnerInvite, undefined>({
      query: () => ({ url: endpointPath('rotatePartnerInvite'), method: 'POST' }),
      // The answer is the new code: write it into the cache rather than asking again.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(partnerApi.util.upsertQueryData('shellPartnerInvite', undefined, data));
      },
    }),
    shellMyPartner: build.query<MyPartner, string>({
      query: (userId) => ({ url: endpointPath('myPartner'), params: { user_id: userId } }),
      providesTags: ['MyPartner'],
    }),
    shellJoinPartner: build.mutation<MyPartner, { userId: string; code: string }>({
      query: ({ userId, code }) => ({ url: endpointPath('joinPartner'), method: 'POST', data: { user_id: userId, code } }),
      invalidatesTags: ['MyPartner'],
    }),
    shellLeavePartner: build.mutation<MyPartner, string>({
      query: (userId) => ({ url: endpointPath('leavePartner'), method: 'POST', data: { user_id: userId } }),
      invalidatesTags: ['MyPartner'],
    }),
  }),
});

export const {
  useShellPartnerOverviewQuery,
  useShellPartnerShopsQuery,
  useShellPartnerAlertsQuery,
  useShellPartnerInviteQuery,
  useShellPartnerRotateInviteMutation,
  useShellMyPartnerQuery,
  useShellJoinPartnerMutation,
  useShellLeavePartnerMutation,
} = partnerApi;
