/**
 * A complete order request as the order page's form posts it (every value a string, lists as
 * lists). Tests spread it and change what they are about.
 */
export const completeOrderForm = {
  firstName: "Rosa",
  lastName: "Example",
  email: "rosa@example.com",
  phone: "555-010-0199",
  country: "United States",
  state: "Ohio",
  zipCode: "43004",
  wheelchairType: "power",
  seatWidth: "18",
  seatDepth: "17.5",
  currentCushion: "",
  dailySittingHours: "8-12",
  discomfortAreas: ["tailbone", "hips"],
  sensitivityLevel: "high",
  priorities: ["pressure-relief"],
  padSize: "match-seat",
  coverType: "easy-clean",
  controllerPlacement: "right",
  medicalNotes: "",
  privacyConsent: "on",
  medicalDisclaimer: "on",
};
