import type { UserSettingsView } from '../../../shared/contracts/settings';
import type { SettingsDraft, SettingsErrors } from './settings-draft';

/** What every group of the settings form gets: the saved view, the draft, its errors and a setter. */
export interface SectionProps {
  view: UserSettingsView;
  draft: SettingsDraft;
  errors: SettingsErrors;
  set: <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => void;
  demo: boolean;
}
