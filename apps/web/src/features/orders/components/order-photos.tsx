import { useId } from 'react';
import { useOrderPhotos } from '../api/order-api';

/** §4: the setup site's photos the customer sent from their order page (none: no section). */
export function OrderPhotos({ orderId }: { orderId: string }) {
  const photos = useOrderPhotos(orderId);
  const heading = useId();
  if (!photos.data || photos.data.length === 0) return null;
  return (
    <section
      aria-labelledby={heading}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id={heading} className="font-semibold">
        Site photos
      </h2>
      <ul className="flex flex-wrap gap-2">
        {photos.data.map((photo, i) => (
          <li key={photo.id}>
            <a href={photo.url} target="_blank" rel="noreferrer" className="block rounded-lg">
              <img
                src={photo.thumbnailUrl}
                alt={`The setup site, ${i + 1} of ${photos.data.length}, from the customer`}
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
