import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema, verificationCodeSchema } from '@pagemate/shared-contracts';

/** An antd rule backed by the contract's zod schema, so the browser checks exactly what the server checks. */
function schemaRule(schema: z.ZodType, message: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}

export function authRules(t: TFunction) {
  const required: Rule = { required: true, message: t('auth.required') };
  return {
    required,
    username: [required, schemaRule(usernameSchema, t('auth.usernameRule'))],
    email: [required, schemaRule(emailSchema, t('auth.emailInvalid'))],
    password: [required, schemaRule(passwordSchema, t('auth.passwordRule'))],
    code: [required, schemaRule(verificationCodeSchema, t('auth.codeRule'))],
  };
}

/** "Confirm password" must equal the field `name`. */
export function sameAs(name: string, t: TFunction): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(name)) throw new Error(t('auth.passwordsDiffer'));
    },
  });
}
