import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath } from 'react-hook-form';
import * as z from 'zod/mini';
import type {
  ConsoleAccount,
  ConsoleAccountInput,
  ConsoleAccountPatch,
} from '../../../../../contract/operator-accounts';
import type { OperatorRole } from '../../../../../domain/operator-roles';
import { OPERATOR_ROLE_LABELS } from '../../../../../domain/operator-roles';
import { useCompanies } from '../../../../api/get-companies';
import { ApiError } from '../../../../lib/api-client';
import { setFieldIssues } from '../../../../lib/field-issues';
import { emailRule, textRule } from '../../../../lib/form-rules';
import { useTextFields } from '../../../../lib/use-text-fields';
import { useSaveAccount } from '../api/save-account';

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/**
 * What the form checks before sending; the server applies the contract's rules
 * (consoleAccountInputSchema) and its 400 and 409 issues land under these same fields.
 */
function accountFormSchema(adding: boolean, isAdmin: boolean) {
  return z
    .object({
      name: adding ? required('Enter the person’s name') : z.string(),
      email: adding
        ? emailRule('Enter their email', 'Enter a valid email address, like name@example.com')
        : z.string(),
      role: required('Choose the role'),
      company_id: z.string(),
    })
    .check(
      z.superRefine((values, context) => {
        if (isAdmin && values.role !== 'admin' && values.company_id === '') {
          context.addIssue({
            code: 'custom',
            message: 'Choose the company',
            path: ['company_id'],
            input: values.company_id,
          });
        }
      }),
    );
}
type AccountValues = z.infer<ReturnType<typeof accountFormSchema>>;

/** The form's fields by their visible labels, in the page's order. */
const LABELS: Record<FieldPath<AccountValues>, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  company_id: 'Company',
};
const ORDER = Object.keys(LABELS) as FieldPath<AccountValues>[];
const isField = (path: string): path is FieldPath<AccountValues> => path in LABELS;

/** The roles an operator may give: a manager never makes an admin (the server refuses it too). */
export function roleOptions(isAdmin: boolean) {
  const roles: OperatorRole[] = isAdmin
    ? ['admin', 'manager', 'dispatcher']
    : ['manager', 'dispatcher'];
  return roles.map((role) => ({ value: role, label: OPERATOR_ROLE_LABELS[role] }));
}

/**
 * Add account (account null) and Change role: the values and checks, the companies the admin
 * chooses from, and the save (POST, or PATCH of role and company), its issues under the fields.
 */
export function useAccountForm(
  account: ConsoleAccount | null,
  isAdmin: boolean,
  onSaved: (account: ConsoleAccount) => void,
) {
  const save = useSaveAccount();
  const companies = useCompanies();
  const form = useForm<AccountValues>({
    defaultValues: {
      name: account?.name ?? '',
      email: account?.email ?? '',
      role: account?.role ?? '',
      company_id: account?.company_id ? String(account.company_id) : '',
    },
    resolver: zodResolver(accountFormSchema(account === null, isAdmin)),
  });
  const { field, values } = useTextFields(form, { clearOnChange: true });
  const role = values.role as OperatorRole | '';

  const submit = async (input: AccountValues) => {
    // The admin places the account; a manager's accounts are in the manager's company.
    const company =
      isAdmin && input.role !== 'admin' ? { company_id: Number(input.company_id) } : {};
    try {
      const saved = account
        ? await save.mutateAsync({
            id: account.id,
            body: { role: input.role as OperatorRole, ...company } satisfies ConsoleAccountPatch,
          })
        : await save.mutateAsync({
            id: null,
            body: {
              name: input.name.trim(),
              email: input.email.trim(),
              role: input.role as OperatorRole,
              ...company,
            } satisfies ConsoleAccountInput,
          });
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldIssues(form.setError, error.issues, {
          fieldOf: (path) => (isField(path) ? path : undefined),
          labels: LABELS,
          order: ORDER,
        });
      } else {
        console.error('Saving the account failed:', error);
      }
    }
  };

  const failure =
    save.error instanceof ApiError && !save.error.issues.some((issue) => isField(issue.path))
      ? save.error.message
      : null;
  const companyOptions = (companies.data ?? []).map((item) => ({
    value: String(item.id),
    label: item.company.company_name,
  }));
  return {
    form,
    field,
    submit,
    saving: save.isPending,
    failure,
    roleOptions: roleOptions(isAdmin),
    companyOptions,
    asksCompany: isAdmin && role !== 'admin',
  };
}
