import { photoAddress, photoSrcSet, type ShownPhoto } from "~/lib/uploads/refs";

/**
 * An uploaded photo at the size the layout gives it: AVIF, then WebP, then JPEG, each at every
 * width it was made in, so the browser fetches the smallest that fills `sizes` on its screen. Its
 * width and height hold its place before it arrives (no layout shift).
 */
export function Photo({
  photo,
  sizes,
  className,
  eager = false,
}: {
  /** The photo, with its alternative text. */
  photo: ShownPhoto;
  /** How wide the layout draws it, as the `sizes` attribute says it ("96px", "(min-width: 768px) 50vw, 100vw"). */
  sizes: string;
  className?: string;
  /** Above the fold: fetched at once rather than when it nears the screen. */
  eager?: boolean;
}) {
  const fallback = photo.widths.find((width) => width >= 640) ?? photo.widths.at(-1)!;
  return (
    <picture>
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        src={photoAddress(photo, fallback, "jpg")}
        srcSet={photoSrcSet(photo, "jpg")}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={photo.alt}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
