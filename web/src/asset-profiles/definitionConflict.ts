import type { AssetProfileDefinitionEntry } from '@shared/schemas/asset-profile';
import type { ConflictRow } from '../common/conflict/conflicts';
import type { CatalogueItem } from './CatalogueDialog';

/** The definition editor's form: the definition as the API takes it back, its entries edited in place. */
export interface DefinitionFormValues {
  name: string;
  type: string;
  definitions: AssetProfileDefinitionEntry[];
  version?: number;
}

/** An entry's items as text: a catalogue item by its name and numbers, a list item as it is. */
const entryText = (entry: AssetProfileDefinitionEntry | undefined): string =>
  (entry?.value ?? [])
    .map((item) =>
      typeof item === 'object' && item !== null
        ? `${(item as CatalogueItem).name} (${Object.values((item as CatalogueItem).data).join(', ')})`
        : String(item ?? ''),
    )
    .join('; ');

/**
 * usePanelForm's `conflict.rows` for the definition editor: one row per entry (cable reel types, cable types, a
 * list) whose items someone else changed since the editor read them, theirs beside this editor's.
 */
export const definitionConflictRows =
  (label: (entry: AssetProfileDefinitionEntry) => string) =>
  (base: DefinitionFormValues, theirs: DefinitionFormValues, yours: DefinitionFormValues): ConflictRow[] => {
    const named = (values: DefinitionFormValues, name: string) => values.definitions.find((e) => e.name === name);
    return theirs.definitions
      .filter((entry) => entryText(named(base, entry.name)) !== entryText(entry))
      .map((entry) => ({
        field: entry.name,
        label: label(entry),
        theirs: entryText(entry),
        yours: entryText(named(yours, entry.name)),
      }));
  };
