/** A published review as pages show it: never the reviewer's email. */
export interface PublicTestimonial {
  id: string;
  name: string;
  rating: number;
  quote: string;
  context: string | null;
  tags: string[];
  verified: boolean;
  createdAt: string;
}
