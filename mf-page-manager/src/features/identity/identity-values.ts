import type { EndpointBody, Identity } from '@pagemate/shared-contracts';
import { cleanText } from '../../shared/text-rules';

export const IDENTITY_INFO_FIELDS = ['name', 'gender', 'birth_year', 'hometown', 'current_address'] as const;
export const IDENTITY_STORY_FIELDS = ['childhood', 'schools', 'university', 'current_job'] as const;
/** The contract's bounds (shared-contracts endpoints/entities): short texts 200, long texts 10 000. */
export const IDENTITY_LIMITS = { short: 200, long: 10_000 } as const;

type InfoField = (typeof IDENTITY_INFO_FIELDS)[number];
type StoryField = (typeof IDENTITY_STORY_FIELDS)[number];

/** What the identity form holds: everything as (possibly missing) text. */
export interface IdentityFormValues {
  name?: string;
  info?: Partial<Record<InfoField, string>>;
  story?: Partial<Record<StoryField, string>>;
  style_conversation?: string;
  example_conversation?: string;
}

export function identityFormValues(identity: Identity | null): IdentityFormValues {
  if (!identity) return { name: '', info: {}, story: {}, style_conversation: '', example_conversation: '' };
  return {
    name: identity.name,
    info: { ...identity.info },
    story: { ...identity.story },
    style_conversation: identity.style_conversation,
    example_conversation: identity.example_conversation,
  };
}

/** The create body (and, with an id, the update body): every text trimmed, every missing part as ''. */
export function identityBody(userId: string, values: IdentityFormValues): EndpointBody<'createIdentity'>;
export function identityBody(userId: string, values: IdentityFormValues, identityId: string): EndpointBody<'updateIdentity'>;
export function identityBody(userId: string, values: IdentityFormValues, identityId?: string) {
  const info = Object.fromEntries(IDENTITY_INFO_FIELDS.map((field) => [field, cleanText(values.info?.[field])])) as Record<InfoField, string>;
  const story = Object.fromEntries(IDENTITY_STORY_FIELDS.map((field) => [field, cleanText(values.story?.[field])])) as Record<StoryField, string>;
  const body = {
    user_id: userId,
    name: cleanText(values.name),
    info,
    story,
    style_conversation: cleanText(values.style_conversation),
    example_conversation: cleanText(values.example_conversation),
  };
  return identityId ? { ...body, identity_id: identityId } : body;
}
