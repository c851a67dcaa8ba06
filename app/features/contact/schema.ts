import { contactTopics, type ContactTopicValue } from "~/content/contact";
import { contactFields, messageMin } from "./fields";
import { emailAddress, heardFrom, isStorableText, lineOfText, unstorableMessage, z } from "~/lib/zod";

const topicValues = contactTopics.map((t) => t.value) as [ContactTopicValue, ...ContactTopicValue[]];

/** The contact form, checked with this schema in the browser and again on the server. */
export const ContactFormSchema = z.object({
  name: lineOfText("the name", "Name is required")
    .trim()
    .min(1, "Name is required")
    .max(contactFields.name.max, `Name must be ${contactFields.name.max} characters or fewer`),
  email: emailAddress(contactFields.email.max),
  phone: lineOfText("the phone number")
    .trim()
    .max(contactFields.phone.max, `Phone number must be ${contactFields.phone.max} characters or fewer`)
    // A JSON client sends null for an empty optional field.
    .nullish()
    .transform((v) => (v ? v : undefined)),
  topic: z.enum(topicValues, "Please select a topic"),
  message: z
    .string(`Message must be at least ${messageMin} characters`)
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(messageMin, `Message must be at least ${messageMin} characters`)
    .max(contactFields.message.max, `Message must be ${contactFields.message.max} characters or fewer`),
  heard: heardFrom,
  consent: z.literal(["on", "true", true], "You must agree to the privacy policy").transform(() => true as const),
});

export type ContactInput = z.infer<typeof ContactFormSchema>;
