// The Contacts page's queries start with this key (features/contacts/api keeps its own keys): a
// contacts import or its undo reads them again. Literal here, as features do not import each
// other's internals.
export const CONTACTS_KEY = ["/api/contacts"] as const;
