import { usePage } from './PageContext.js';

/**
 * Marks an editable content field in editing mode (`data-edit-field="title"`), so the editors' tools
 * can find it; outside editing mode it adds nothing. Spread the result on the element that shows the field.
 */
export function useEditable(): (field: string) => { 'data-edit-field'?: string } {
  const { editing } = usePage();
  return (field) => (editing ? { 'data-edit-field': field } : {});
}
