import { contactTopics, type ContactTopicValue } from "~/content/contact";
import { isStorableText, lineOfText, unstorableMessage, z } from "~/lib/zod";

const topicValues = contactTopics.map((t) => t.value) as [ContactTopicValue, ...ContactTopicValue[]];

/** The contact form, checked with this schema in the browser and again on the server. */
export const ContactFormSchema = z.object({
  name: lineOfText("the name", "Name is required")
    .trim()
    .min(1, "Name is required")
    .max(120, "Name must be 120 characters or fewer"),
  email: z
    .string("Please enter a valid email address")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .max(254, "Please enter a valid email address")
    .pipe(z.email("Please enter a valid email address")),
  phone: lineOfText("the phone number")
    .trim()
    .max(40, "Phone number must be 40 characters or fewer")
    // A JSON client sends null for an empty optional field.
    .nullish()
    .transform((v) => (v ? v : undefined)),
  topic: z.enum(topicValues, "Please select a topic"),
  message: z
    .string("Message must be at least 10 characters")
    .refine(isStorableText, unstorableMessage)
    .trim()
    .min(10, "Message must be at least 10 characters")
    .max(5000, "Message must be 5000 characters or fewer"),
  consent: z.literal(["on", "true", true], "You must agree to the privacy policy").transform(() => true as const),
});

export type ContactInput = z.infer<typeof ContactFormSchema>;
