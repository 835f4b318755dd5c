import { useRef, useState } from 'react';
import type { SettingEntry } from '../../../../contract/operator-settings';
import { ApiError } from '../../../lib/api-client';
import { useSaveSettings } from './settings-api';
import {
  changedValues,
  draftErrors,
  type SettingErrors,
  type SettingsDraft,
} from './settings-draft';

/**
 * The Settings form's state: what is typed, what is refused and why, and Save, which checks
 * with the domain's rule first and sends only what changed.
 */
export function useSettingsForm(saved: SettingEntry[]) {
  const save = useSaveSettings();
  const [draft, setDraft] = useState<SettingsDraft>({});
  const [errors, setErrors] = useState<SettingErrors>({});
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const summary = useRef<HTMLDivElement>(null);
  const changed = changedValues(saved, draft);
  const changeCount = Object.keys(changed).length;

  const refuse = (found: SettingErrors, message: string) => {
    setErrors(found);
    setFailure(message);
    // The summary names what to fix; each field's own message sits under it.
    requestAnimationFrame(() => summary.current?.focus());
  };

  const submit = async () => {
    setNotice('');
    setFailure('');
    if (changeCount === 0) {
      setNotice('Nothing has changed.');
      return;
    }
    const found = draftErrors(changed);
    if (Object.keys(found).length > 0) {
      refuse(found, 'Nothing was saved: fix the settings marked below.');
      return;
    }
    try {
      await save.mutateAsync(changed);
      setDraft({});
      setErrors({});
      setNotice(`Saved ${changeCount === 1 ? '1 setting' : `${changeCount} settings`}.`);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const byName = Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message]));
      refuse(byName, `Nothing was saved: ${error.message}`);
    }
  };

  const setValue = (name: string, value: string) => {
    setDraft((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  return {
    draft,
    errors,
    notice,
    failure,
    summary,
    changeCount,
    saving: save.isPending,
    submit,
    setValue,
  };
}
