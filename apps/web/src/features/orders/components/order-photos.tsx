import type { OrderPhoto } from '@tentpole/domain';
import { useId } from 'react';
import { useOrderPhotos } from '../api/order-api';

/**
 * §4: the order's photos: the setup site (sent by the customer from their order page) and
 * damage found on the return (taken by staff when keeping part of a deposit). None: no section.
 */
export function OrderPhotos({ orderId }: { orderId: string }) {
  const photos = useOrderPhotos(orderId);
  if (!photos.data || photos.data.length === 0) return null;
  const site = photos.data.filter((p) => p.kind !== 'damage');
  const damage = photos.data.filter((p) => p.kind === 'damage');
  return (
    <>
      {site.length > 0 && (
        <PhotoSection
          title="Site photos"
          photos={site}
          alt={(i) => `The setup site, ${i + 1} of ${site.length}, from the customer`}
        />
      )}
      {damage.length > 0 && (
        <PhotoSection
          title="Damage photos"
          photos={damage}
          alt={(i) => `Damage on the return, ${i + 1} of ${damage.length}`}
        />
      )}
    </>
  );
}

function PhotoSection({
  title,
  photos,
  alt,
}: {
  title: string;
  photos: OrderPhoto[];
  alt: (index: number) => string;
}) {
  const heading = useId();
  return (
    <section
      aria-labelledby={heading}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id={heading} className="font-semibold">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg">
              <img
                src={photo.thumbnailUrl}
                alt={alt(i)}
                width={96}
                height={96}
                loading="lazy"
                className="size-24 rounded-lg object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
