import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isServerMessageKey } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { loginRequest, registerRequest } from '@shared/contracts/users';

/**
 * The form's check is the server's check: each field runs the contract's zod schema, so a form
 * that validates here is never turned away for shape, and says what the server would (the
 * catalogue text its first failed check names, in the page's language). Empty values are left to
 * `required`.
 */
export function zodRule(schema: z.ZodType, describe: (key: ServerMessageKey) => string, { optional = false } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      // An optional field of blanks is sent as nothing (the form trims it away), so it is not wrong.
      if (optional && typeof value === 'string' && value.trim() === '') return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message;
      // Every check of the account contracts names a key (shared/contracts/users.test.ts).
      throw new Error(isServerMessageKey(key) ? describe(key) : key);
    },
  };
}

/** The account forms' rules, with translated messages. */
export function useAccountRules() {
  const { t } = useTranslation('account');
  const { t: common } = useTranslation('common');
  return useMemo(() => {
    const describe = (key: ServerMessageKey) => common(`http.server.${key}`);
    const required = (field: string): FormRule => ({ required: true, message: t('validation.required', { field }) });
    const fields = registerRequest.shape;
    return {
      account: [required(t('fields.account')), zodRule(loginRequest.shape.account, describe)],
      loginPassword: [required(t('fields.password')), zodRule(loginRequest.shape.password, describe)],
      userName: [required(t('fields.userName')), zodRule(fields.userName, describe)],
      email: [required(t('fields.email')), zodRule(fields.email, describe)],
      captcha: [required(t('fields.captcha')), zodRule(fields.captcha, describe)],
      password: [required(t('fields.password')), zodRule(fields.password, describe)],
      nickName: [zodRule(fields.nickName, describe, { optional: true })],
      requiredNickName: [required(t('fields.nickName')), zodRule(fields.nickName, describe)],
      /** Must equal the field `passwordField`; re-checked whenever that field changes (see `dependencies`). */
      confirm: (passwordField: string): FormRule[] => [
        required(t('fields.confirmPassword')),
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            if (value && value !== getFieldValue(passwordField)) throw new Error(t('validation.mismatch'));
          },
        }),
      ],
    };
  }, [t, common]);
}
