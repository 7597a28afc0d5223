/**
 * The admin module's entry: the operator back office's server side (operators with two-factor
 * sign-in, roles with brand scope, the audit log, and the calls under `/admin/api/`).
 */
export { adminPlugin, LOCAL_CREATE_OWNER_PATH, LOCAL_KEY_HEADER } from './admin-plugin';
export { createOperatorService, ENROLMENT_PAGE, type OperatorService } from './operator-service';
export { totpCodeAt } from './second-factor';
