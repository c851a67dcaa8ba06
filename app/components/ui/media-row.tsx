/**
 * A picture beside its words, stacked on a phone; `flip` puts the picture on the right from
 * tablet width up, so a run of rows alternates. The words come first in the source, so a screen
 * reader and the keyboard meet them before the picture.
 */
export function MediaRow({
  media,
  children,
  flip = false,
}: {
  media: React.ReactNode;
  children: React.ReactNode;
  flip?: boolean;
}) {
  return (
    <div className="grid items-center gap-6 md:grid-cols-2 md:gap-12">
      <div className={flip ? "" : "md:order-last"}>{children}</div>
      <div>{media}</div>
    </div>
  );
}
