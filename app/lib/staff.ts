/**
 * A signed-in staff member, as the auth feature hands it to every feature that records who did
 * what (the audit log, a review's reply). It lives here, below the features, so that none of them
 * has to import auth to name it.
 */
export interface Staff {
  accountId: string;
  username: string;
}
