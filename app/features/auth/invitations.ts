/** How long an invitation link works, and what it says once used or expired (shown in the browser too). */
export const invitationHours = 24;

export const expiredInvitationMessage =
  "This invitation has been used or has expired (they last 24 hours). Ask an owner for a new one.";
