import { type Feature, FEATURES, sideOf } from '@pagemate/shared-contracts/contracts';

/** The features of each side of the product (spec §6: role `user` is one side, every other role the other). */
export const FEATURES_BY_SIDE = {
  user: [
    'dashboard',
    'page-manager',
    'file-manager',
    'chatbot',
    'post-manager',
    'comment-manager',
    'message-manager',
    'client-manager',
    'order-manager',
    'balance',
  ],
  partner: ['partner-dashboard', 'partner-crm', 'partner-hrm'],
} as const satisfies Record<'user' | 'partner', readonly Feature[]>;

export interface FeatureLists {
  user_features: string[];
  list_features: string[];
}

/** What the session may use (`userFeatures`) and everything the product offers (`listFeatures`). */
export function featuresFor(role: string): FeatureLists {
  return { user_features: [...FEATURES_BY_SIDE[sideOf(role)]], list_features: [...FEATURES] };
}
