/**
 * Words that make a customer review need a second look before it is published. The review queue
 * highlights them for staff; nothing is removed or refused automatically, staff decide.
 *
 * How to add a word or phrase:
 *  - Put it in quotes followed by a comma, in the list it belongs to:  "sofa bed",
 *  - Whole words only: "bed" never matches inside "embedded" or "bedsores", and "cure" never
 *    matches inside "secure" or "accurate". So add every form you want caught: "heal", "heals", "healed".
 *  - Capitals do not matter ("Sofa" also catches "sofa"), except for a word written entirely in
 *    capitals, which is only caught in capitals: "MS" catches "MS" but not the "ms" in "5 ms".
 *  - A space also matches a hyphen or a line break: "pressure sore" catches "pressure-sore".
 *    An apostrophe matches both ' and ’.
 *  - Then run `npx vitest run app/features/testimonials/flags.test.ts` to check nothing else broke.
 */
import { company, regulatory } from "~/content/site";

export const reviewFlagCategories = ["claim", "off-label", "personal-data"] as const;
export type ReviewFlagCategory = (typeof reviewFlagCategories)[number];

/** What staff read next to a highlighted word. */
export const reviewFlagInfo = {
  claim: {
    label: "Medical claim",
    why: `Saying the cushion cures, heals, treats or prevents a condition is a medical claim. The ${company.productName} is a ${regulatory.classification}, and the company may not publish such claims, not even in a customer's own words.`,
  },
  "off-label": {
    label: "Use outside the intended use",
    why: `The ${company.productName} is meant to be used on a wheelchair, by its user, as delivered. Publishing another use could lead others to use the cushion in a way it was not designed or tested for, which may be unsafe.`,
  },
  "personal-data": {
    label: "Personal data",
    why: "Contact details, addresses and the health of a named person are personal data. Neither the writer nor the person named agreed to see them on the website, so they must not be published.",
  },
} as const satisfies Record<ReviewFlagCategory, { label: string; why: string }>;

/**
 * Medical claims. A claim is either a phrase from `always`, or a phrase from `before` followed
 * within a few words by a condition ("healed my stage 3 pressure sore"), or a condition followed
 * within a few words by a phrase from `after` ("my sore is gone"). Words like "treated" or
 * "prevented" are harmless on their own ("they treated me well"), so they only count next to a condition.
 */
export const claimWords = {
  always: [
    "cure", "cures", "cured", "curing", "a cure",
    "miracle", "miracles", "miraculous", "miraculously", "miracle cushion", "miracle worker",
    "100% effective", "100 % effective", "100 percent effective", "completely effective",
    "guaranteed to", "guarantees to", "guarantee to", "guaranteed it will", "guarantee it will", "guaranteed results",
    "heals", "sore free", "sores free", "ulcer free", "wound free", "injury free",
  ],
  before: [
    "cure", "cures", "cured", "curing",
    "heal", "heals", "healed", "healing", "helped heal", "helps heal",
    "prevent", "prevents", "prevented", "preventing",
    "treat", "treats", "treated", "treating",
    "reverse", "reverses", "reversed", "reversing",
    "eliminate", "eliminates", "eliminated", "eliminating",
    "got rid of", "gets rid of", "get rid of", "cleared up", "clears up", "cleared", "fixed", "fixes", "stopped", "stops",
    "no more", "no longer get", "no longer have", "never had a", "never got a", "never get", "not had a single", "haven't had a", "free of", "free from", "zero",
    "no", "haven't had any", "have not had any", "hasn't had any", "has not had any", "not had any", "never had any",
  ],
  conditions: [
    "sore", "sores", "pressure sore", "pressure sores", "bedsore", "bedsores", "bed sore", "bed sores",
    "ulcer", "ulcers", "pressure ulcer", "pressure ulcers", "decubitus", "decubitus ulcer", "decubitus ulcers",
    "wound", "wounds", "pressure wound", "pressure wounds",
    "pressure injury", "pressure injuries", "skin breakdown", "skin breakdowns", "breakdown of the skin", "skin from breaking down", "skin breaking down",
  ],
  after: [
    "is gone", "are gone", "has gone", "have gone", "gone", "went away", "disappeared", "vanished",
    "healed", "healed up", "is healed", "are healed", "has healed", "have healed",
    "cleared", "cleared up", "has cleared up", "have cleared up",
    "closed", "closed up", "is cured", "are cured", "never came back", "are history", "is history",
    "a thing of the past", "heal", "heal up", "healing", "is healing", "are healing",
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Uses outside the intended use (on a wheelchair, by its user). The groups are only for reading;
 * every phrase counts the same. "bed" alone is left out on purpose: "from my bed to my chair" is a transfer, not a use.
 */
export const offLabelWords = {
  bed: ["in bed", "in my bed", "in the bed", "on the bed", "on my bed", "on a bed", "on his bed", "on her bed", "hospital bed", "mattress", "mattresses", "mattress topper"],
  vehicles: [
    "car seat", "car seats", "in my car", "in the car", "in our car", "driver's seat", "driver seat", "passenger seat",
    "airplane seat", "aeroplane seat", "plane seat", "aircraft seat", "on the plane", "on a plane", "on the airplane", "on a flight",
  ],
  furniture: [
    "office chair", "desk chair", "gaming chair", "computer chair", "dining chair", "kitchen chair",
    "recliner", "recliners", "armchair", "arm chair", "lift chair", "rocking chair", "sofa", "sofas", "couch", "couches", "settee", "futon",
  ],
  pets: ["dog", "dogs", "puppy", "puppies", "cat", "cats", "kitten", "kittens", "my pet", "our pet", "for a pet", "pet bed"],
  babies: ["baby", "babies", "infant", "infants", "toddler", "toddlers", "newborn", "newborns"],
  water: ["bath", "baths", "bathtub", "bathing", "shower", "showers", "showering", "shower chair", "hot tub", "jacuzzi", "swimming pool"],
  modifications: [
    "cut it", "cut a hole", "cut holes", "cut into", "cut open", "cut the cushion", "cut the cells", "cut the cell", "cut the cover",
    "punctured", "poked a hole", "patched", "patch it", "patched it", "glued", "taped it", "taped up",
    "removed the cover", "remove the cover", "took the cover off", "take the cover off", "took off the cover", "without the cover", "without its cover", "without a cover", "no cover",
    "stacked", "stack it", "on top of another cushion", "on top of my old cushion", "on top of my other cushion",
  ],
  sleeping: [
    "sleep on it", "slept on it", "sleeping on it", "sleeps on it", "sleep on the cushion", "slept on the cushion", "sleeping on the cushion",
    "nap on it", "napping on it", "fell asleep on it", "fall asleep on it",
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Personal data. Phone numbers and email addresses are recognised by their shape in
 * app/features/testimonials/flags.ts; the words they depend on are here.
 */
export const personalDataWords = {
  /** A number, a capitalised name and one of these is read as a street address: "12 Oak Street". */
  streetSuffixes: [
    "Street", "St", "Avenue", "Ave", "Road", "Rd", "Lane", "Ln", "Drive", "Dr", "Court", "Ct", "Way", "Boulevard", "Blvd",
    "Place", "Pl", "Terrace", "Close", "Crescent", "Highway", "Hwy", "Parkway", "Pkwy", "Square", "Sq",
  ],
  /** "my wife Anna", "our patient Tom": a capitalised name after one of these is flagged when the review mentions health. */
  relations: [
    "wife", "husband", "partner", "spouse", "fiancé", "fiancée", "fiance", "fiancee", "boyfriend", "girlfriend",
    "son", "daughter", "child", "mother", "mum", "mom", "father", "dad", "brother", "sister", "stepson", "stepdaughter",
    "grandmother", "grandma", "gran", "grandfather", "grandpa", "grandson", "granddaughter", "aunt", "uncle", "nephew", "niece", "cousin",
    "friend", "best friend", "neighbour", "neighbor", "colleague", "patient", "client", "resident", "service user",
  ],
  /** Words in front of a relation: "my wife", "our late mother". */
  owners: ["my", "our", "his", "her", "their"],
  /** A capitalised name followed by one of these and then a health word is flagged: "Tom was diagnosed", "Anna has MS". */
  healthVerbs: [
    "has", "had", "have", "is", "was", "got", "gets", "developed", "develops", "suffers from", "suffered from", "suffering from",
    "lives with", "lived with", "is living with", "is recovering from", "recovered from", "broke", "died of", "uses it for",
  ],
  /** Health words. With them in a review, a named person's details are health data. The claim conditions above count too. */
  healthTerms: [
    "MS", "ALS", "MND", "SCI", "CP", "COPD", "TBI",
    "multiple sclerosis", "motor neurone disease", "motor neuron disease", "spinal cord injury", "spinal injury", "spina bifida", "cerebral palsy",
    "muscular dystrophy", "parkinson's", "parkinsons", "dementia", "alzheimer's", "stroke", "diabetes", "diabetic", "cancer", "arthritis",
    "paralysed", "paralyzed", "paralysis", "paraplegic", "paraplegia", "quadriplegic", "quadriplegia", "tetraplegic", "tetraplegia",
    "amputee", "amputation", "amputated", "diagnosed", "diagnosis", "surgery", "infection", "incontinence", "incontinent", "disability", "disabled",
  ],
  /** Capitalised words that start sentences or name companies, never a person: "It has healed my sores" names nobody. */
  notNames: [
    "I", "It", "Its", "This", "That", "These", "Those", "He", "She", "They", "We", "You", "Who", "Which", "What", "There", "Here",
    "My", "Our", "Your", "His", "Her", "Their", "The", "A", "An", "And", "But", "Or", "So", "Then", "Now", "Also", "Since", "After", "Before",
    "When", "While", "Within", "Because", "If", "Once", "Still", "Even", "Every", "Everyone", "Everything", "Nobody", "Nothing", "Someone", "Something",
    "Mum", "Mom", "Dad", "Doctor", "Dr", "Nurse", "Mr", "Mrs", "Ms", "Miss", "God",
    "Sitting", "Using", "Having", "Being", "Today", "Yesterday", "Last", "Next", "Overall", "Honestly", "Thanks", "Thank",
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    company.name, company.productName, "Medicare", "Medicaid", "VA", "NHS",
  ],
} as const satisfies Record<string, readonly string[]>;
