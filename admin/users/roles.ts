// The roles an account can have (shared/roles.ts), as a select's choices in the page's language.
import { ROLES } from '../../shared/roles.ts';

export const roleChoices = ROLES.map((role) => ({ id: role, name: `rihla.choices.${role}` }));
