import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, loginRequest, registerRequest } from '@shared/contracts/users';

/**
 * The form's check is the server's check: each field runs the contract's zod schema, so a form
 * that validates here is never turned away for shape. Empty values are left to `required`.
 */
export function zodRule(schema: z.ZodType, message: string, { optional = false } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      // An optional field of blanks is sent as nothing (the form trims it away), so it is not wrong.
      if (optional && typeof value === 'string' && value.trim() === '') return;
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}

/** The account forms' rules, with translated messages. */
export function useAccountRules() {
  const { t } = useTranslation('account');
  return useMemo(() => {
    const required = (field: string): FormRule => ({ required: true, message: t('validation.required', { field }) });
    const fields = registerRequest.shape;
    const password = [required(t('fields.password')), zodRule(fields.password, t('validation.password', { min: PASSWORD_MIN, max: PASSWORD_MAX }))];
    return {
      account: [required(t('fields.account')), zodRule(loginRequest.shape.account, t('validation.account'))],
      loginPassword: [required(t('fields.password')), zodRule(loginRequest.shape.password, t('validation.password', { min: 1, max: PASSWORD_MAX }))],
      userName: [required(t('fields.userName')), zodRule(fields.userName, t('validation.userName'))],
      email: [required(t('fields.email')), zodRule(fields.email, t('validation.email'))],
      captcha: [required(t('fields.captcha')), zodRule(fields.captcha, t('validation.captcha'))],
      password,
      nickName: [zodRule(fields.nickName, t('validation.nickName'), { optional: true })],
      requiredNickName: [required(t('fields.nickName')), zodRule(fields.nickName, t('validation.nickName'))],
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
  }, [t]);
}
