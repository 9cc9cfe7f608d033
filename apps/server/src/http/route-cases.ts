/** Records of the calling account that routes name in their paths (tests make them). */
export type RecordIds = {
  customerId: string;
  conversationId: string;
  /** A stored picture of an inbound text. */
  mediaId: string;
  callId: string;
  /** The carrier's id of that call (the browser knows a call by it). */
  callSid: string;
  productId: string;
  unitId: string;
  imageId: string;
  categoryId: string;
  surfaceId: string;
  downtimeId: string;
  orderId: string;
  documentId: string;
  couponId: string;
  blackoutId: string;
  depotId: string;
  vehicleId: string;
  /** A member of the account (their user id) and an open invitation. */
  memberId: string;
  inviteId: string;
  /** A member's time off (decision 0051). */
  timeOffId: string;
  /** A saved reply of the Reach reply box (decision 0060). */
  savedReplyId: string;
  /** A website page that is not the home page, and an uploaded website image (decision 0067). */
  websitePageId: string;
  websiteImageId: string;
};

/** How the route-table tests (isolation matrix, bad input) call one guarded route. */
export type RouteCase = {
  /** The route's path with this account's ids filled in. */
  path: (ids: RecordIds) => string;
  body?: unknown;
  /** The route names a record of the account: another account's user must get 404. */
  namesRecord: boolean;
};

/** A feature's cases, by `METHOD /path` as the route declares it. */
export type RouteCases = Record<string, RouteCase>;
