import type { FormRule as Rule } from 'antd';

/** The messages a text field can fail with, already translated by the caller. */
export interface TextRuleMessages {
  required?: string;
  tooLong: string;
}

export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/**
 * antd rules for a text field, as plain validators so the same rule can be checked without rendering a form:
 * required means "not only spaces" (the server trims), `max` is the contract's length bound.
 */
export function textRules(max: number, messages: TextRuleMessages): Rule[] {
  return [
    {
      validator: async (_rule, value: unknown) => {
        if (messages.required && isBlank(value)) throw new Error(messages.required);
        if (typeof value === 'string' && value.trim().length > max) throw new Error(messages.tooLong);
      },
    },
  ];
}

/** A select that must have a value. */
export function requiredChoiceRule(message: string): Rule[] {
  return [{ validator: async (_rule, value: unknown) => { if (value === undefined || value === null || value === '') throw new Error(message); } }];
}

/** `undefined`/`null` → '' and trimmed: what the contract's text fields receive. */
export function cleanText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
