import { type Feature, FEATURES, sideOf } from '@pagemate/shared-contracts/contracts';

const PARTNER_FEATURES: readonly Feature[] = ['partner-dashboard', 'partner-crm', 'partner-hrm'];

/** The features of each side of the product (docs/product.md §6: role `user` is one side, every other role the other). */
export const FEATURES_BY_SIDE: Record<'user' | 'partner', readonly Feature[]> = {
  user: FEATURES.filter((feature) => !PARTNER_FEATURES.includes(feature)),
  partner: PARTNER_FEATURES,
};

export interface FeatureLists {
  user_features: string[];
  list_features: string[];
}

/** What the session may use (`userFeatures`) and everything the product offers (`listFeatures`). */
export function featuresFor(role: string): FeatureLists {
  return { user_features: [...FEATURES_BY_SIDE[sideOf(role)]], list_features: [...FEATURES] };
}
