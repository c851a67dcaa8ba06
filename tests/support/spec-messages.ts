/**
 * The order messages of docs/requirements.md §3.4, word for word, written here once for every test that
 * checks them. Written out rather than imported from the app, so a changed message in the app
 * fails the tests instead of changing them with it.
 */
export const orderMessages = {
  firstName: "First name is required",
  lastName: "Last name is required",
  email: "Please enter a valid email address",
  phone: "Please enter a valid phone number",
  country: "Country is required",
  state: "State/Province is required",
  zipCode: "ZIP/Postal code is required",
  wheelchairType: "Please select wheelchair type",
  seatWidth: "Seat width is required",
  seatDepth: "Seat depth is required",
  dailySittingHours: "Daily sitting hours is required",
  discomfortAreas: "Please select at least one area",
  sensitivityLevel: "Please select sensitivity level",
  priorities: "Please select at least one priority",
  padSize: "Please select pad size",
  coverType: "Please select cover type",
  controllerPlacement: "Please select controller placement",
  privacyConsent: "You must agree to the privacy policy",
  medicalDisclaimer: "You must acknowledge the medical disclaimer",
} as const;

/** The order request of requirements.md §3.4, field for field and in its order; formStartTime is added when sent. */
export const specOrder = {
  firstName: "Lee",
  lastName: "Example",
  email: "lee@example.com",
  phone: "614-555-0100",
  country: "United States",
  state: "Ohio",
  zipCode: "43215",
  wheelchairType: "power",
  seatWidth: "18",
  seatDepth: "16",
  currentCushion: "Foam cushion, three years old",
  dailySittingHours: "8-12",
  discomfortAreas: ["tailbone", "hips"],
  sensitivityLevel: "high",
  priorities: ["pressure-relief", "long-day-comfort"],
  padSize: "match-seat",
  coverType: "easy-clean",
  controllerPlacement: "right",
  medicalNotes: "Had a pressure sore last winter.",
  privacyConsent: true,
  medicalDisclaimer: true,
  honeypot: "",
};

/** The review of docs/requirements.md §5.2, field for field, as a client sends it. */
export const specReview = {
  name: "Pat Example",
  email: "pat@example.com",
  rating: 9,
  quote: "Comfortable through a full workday, and my skin has held up.",
  context: "Manual chair user, Ohio",
  tags: ["comfort", "daily-use"],
  honeypot: "",
};

/** The contact message of docs/requirements.md §5.5, field for field. */
export const specMessage = {
  name: "Sam Example",
  email: "sam@example.com",
  phone: "555-0100",
  topic: "product",
  message: "Which cushion size fits a 16 inch seat?",
  consent: true,
  honeypot: "",
};
