import { useQuery } from '@tanstack/react-query';
import { WEBSITE_LIMITS, type WebsiteSection } from '@tentpole/domain';
import { Plus } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { ImageUploadButton } from '@/components/image-upload-button';
import { FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { categoriesQueryOptions } from '@/features/inventory/api/get-categories';
import { productOptionsQueryOptions } from '@/features/inventory/api/get-product-options';
import { useUploadWebsiteImage, websiteImageUrl } from '../api/upload-website-image';
import { moved } from '../lib/page-draft';
import { ChoiceList } from './choice-list';
import { ImageField } from './image-field';
import { ItemListField, ItemMoveButtons } from './item-list-field';

export type SectionFieldsProps<S extends WebsiteSection = WebsiteSection> = {
  section: S;
  /** `field` is the changed field's path under the section ('heading', 'items.0.answer'). */
  onChange: (patch: Partial<Omit<S, 'id' | 'type'>>, field: string) => void;
  /** The error at a path under the section ('heading', 'items.0.answer'). */
  errorOf: (field: string) => string | undefined;
  readOnly: boolean;
};

/** A section's own fields, edited in place on its card. */
export function SectionFields(props: SectionFieldsProps) {
  const { section } = props;
  // Each branch narrows the section; the props keep their shape.
  const as = <S extends WebsiteSection>() => props as unknown as SectionFieldsProps<S>;
  switch (section.type) {
    case 'hero':
      return <HeroFields {...as<Extract<WebsiteSection, { type: 'hero' }>>()} />;
    case 'booking_search':
      return <HeadingField {...props} />;
    case 'category_grid':
      return <CategoryGridFields {...as<Extract<WebsiteSection, { type: 'category_grid' }>>()} />;
    case 'product_grid':
      return <ProductGridFields {...as<Extract<WebsiteSection, { type: 'product_grid' }>>()} />;
    case 'text':
      return <TextFields {...as<Extract<WebsiteSection, { type: 'text' }>>()} />;
    case 'image':
      return <ImageFields {...as<Extract<WebsiteSection, { type: 'image' }>>()} />;
    case 'gallery':
      return <GalleryFields {...as<Extract<WebsiteSection, { type: 'gallery' }>>()} />;
    case 'faq':
      return <FaqFields {...as<Extract<WebsiteSection, { type: 'faq' }>>()} />;
    case 'testimonials':
      return <TestimonialFields {...as<Extract<WebsiteSection, { type: 'testimonials' }>>()} />;
    case 'contact_form':
      return <ContactFields {...as<Extract<WebsiteSection, { type: 'contact_form' }>>()} />;
  }
}

type WithHeading = Extract<WebsiteSection, { heading: string }>;

function HeadingField({
  section,
  onChange,
  errorOf,
  readOnly,
  optional = true,
}: SectionFieldsProps & { optional?: boolean }) {
  if (!('heading' in section)) return null;
  return (
    <TextField
      label="Heading"
      optional={optional}
      value={section.heading}
      readOnly={readOnly}
      maxLength={WEBSITE_LIMITS.heading}
      error={errorOf('heading')}
      onChange={(event) =>
        (onChange as SectionFieldsProps<WithHeading>['onChange'])(
          { heading: event.target.value },
          'heading',
        )
      }
    />
  );
}

function HeroFields(props: SectionFieldsProps<Extract<WebsiteSection, { type: 'hero' }>>) {
  const { section, onChange, errorOf, readOnly } = props;
  const switchId = useId();
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} optional={false} />
      <TextareaField
        label="Text"
        optional
        value={section.text}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.shortText}
        error={errorOf('text')}
        onChange={(event) => onChange({ text: event.target.value }, 'text')}
      />
      <ImageField
        label="Background image"
        imageId={section.imageId}
        readOnly={readOnly}
        error={errorOf('imageId')}
        onUploaded={(image) => onChange({ imageId: image.id }, 'imageId')}
        onRemove={() => onChange({ imageId: null }, 'imageId')}
      />
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-1">
          <Label htmlFor={switchId}>Show booking search</Label>
          <p id={`${switchId}-description`} className="text-sm text-muted-foreground">
            Asks “When and where is your party?” inside the hero.
          </p>
        </div>
        <Switch
          id={switchId}
          checked={section.showBookingSearch}
          disabled={readOnly}
          aria-describedby={`${switchId}-description`}
          onCheckedChange={(checked) =>
            onChange({ showBookingSearch: checked }, 'showBookingSearch')
          }
        />
      </div>
    </>
  );
}

function CategoryGridFields(
  props: SectionFieldsProps<Extract<WebsiteSection, { type: 'category_grid' }>>,
) {
  const { section, onChange, errorOf, readOnly } = props;
  const categories = useQuery(categoriesQueryOptions());
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <ChoiceList
        legend="Categories"
        description="None chosen shows every category with products in your store."
        nouns={['category', 'categories']}
        options={categories.data?.map((category) => ({ id: category.id, label: category.name }))}
        value={section.categoryIds}
        onChange={(categoryIds) => onChange({ categoryIds }, 'categoryIds')}
        failed={categories.isError}
        onRetry={() => void categories.refetch()}
        error={errorOf('categoryIds')}
        readOnly={readOnly}
      />
    </>
  );
}

function ProductGridFields(
  props: SectionFieldsProps<Extract<WebsiteSection, { type: 'product_grid' }>>,
) {
  const { section, onChange, errorOf, readOnly } = props;
  const products = useQuery(productOptionsQueryOptions());
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <ChoiceList
        legend="Products"
        description={`Up to ${WEBSITE_LIMITS.gridItems}, in the order you tick them.`}
        nouns={['product', 'products']}
        options={products.data?.map((product) => ({ id: product.id, label: product.name }))}
        value={section.productIds}
        onChange={(productIds) => onChange({ productIds }, 'productIds')}
        failed={products.isError}
        onRetry={() => void products.refetch()}
        error={errorOf('productIds')}
        readOnly={readOnly}
      />
    </>
  );
}

function TextFields(props: SectionFieldsProps<Extract<WebsiteSection, { type: 'text' }>>) {
  const { section, onChange, errorOf, readOnly } = props;
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <TextareaField
        label="Text"
        rows={6}
        value={section.body}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.body}
        description="A blank line starts a new paragraph."
        error={errorOf('body')}
        onChange={(event) => onChange({ body: event.target.value }, 'body')}
      />
    </>
  );
}

function ImageFields({
  section,
  onChange,
  errorOf,
  readOnly,
}: SectionFieldsProps<Extract<WebsiteSection, { type: 'image' }>>) {
  return (
    <>
      <ImageField
        label="Image"
        imageId={section.imageId}
        readOnly={readOnly}
        error={errorOf('imageId')}
        onUploaded={(image) => onChange({ imageId: image.id }, 'imageId')}
      />
      <TextField
        label="Description for screen readers"
        optional
        value={section.alt}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.alt}
        error={errorOf('alt')}
        onChange={(event) => onChange({ alt: event.target.value }, 'alt')}
      />
      <TextField
        label="Caption"
        optional
        value={section.caption}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.shortText}
        error={errorOf('caption')}
        onChange={(event) => onChange({ caption: event.target.value }, 'caption')}
      />
    </>
  );
}

function GalleryFields(props: SectionFieldsProps<Extract<WebsiteSection, { type: 'gallery' }>>) {
  const { section, onChange, errorOf, readOnly } = props;
  const upload = useUploadWebsiteImage();
  const images = section.images;
  const listError = errorOf('images');
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <FieldSet>
        <FieldLegend className="mb-0">Images</FieldLegend>
        {images.length === 0 && <p className="text-sm text-muted-foreground">No images yet.</p>}
        <ol className="grid gap-3">
          {images.map((image, index) => {
            return (
              <li
                // The same image may be in a gallery twice; its place tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                key={`${image.imageId}-${index}`}
                className="flex flex-wrap items-start gap-3 rounded-md border bg-muted/30 p-3"
              >
                <img
                  src={websiteImageUrl(image.imageId)}
                  alt=""
                  className="h-16 w-24 shrink-0 rounded-md border bg-muted object-cover"
                />
                <TextField
                  fieldClassName="min-w-0 flex-1 basis-48"
                  label={`Image ${index + 1} description`}
                  optional
                  value={image.alt}
                  readOnly={readOnly}
                  maxLength={WEBSITE_LIMITS.alt}
                  error={errorOf(`images.${index}.alt`) ?? errorOf(`images.${index}.imageId`)}
                  onChange={(event) =>
                    onChange(
                      {
                        images: images.map((other, place) =>
                          place === index ? { ...other, alt: event.target.value } : other,
                        ),
                      },
                      `images.${index}.alt`,
                    )
                  }
                />
                {!readOnly && (
                  <ItemMoveButtons
                    idPrefix={`section-${section.id}-gallery`}
                    noun="image"
                    index={index}
                    count={images.length}
                    onMove={(to) => onChange({ images: moved(images, index, to) }, 'images')}
                    onRemove={() =>
                      onChange({ images: images.filter((_, other) => other !== index) }, 'images')
                    }
                  />
                )}
              </li>
            );
          })}
        </ol>
        {listError && <FieldError>{listError}</FieldError>}
        {!readOnly && images.length < WEBSITE_LIMITS.galleryImages && (
          <div className="flex items-center gap-2">
            <Plus aria-hidden="true" className="size-4 text-muted-foreground" />
            <ImageUploadButton
              label="Add image"
              pending={upload.isPending}
              onFile={(file) =>
                upload.mutate(file, {
                  onSuccess: (image) =>
                    onChange({ images: [...images, { imageId: image.id, alt: '' }] }, 'images'),
                  onError: () => toast.error(`${file.name} could not be uploaded.`),
                })
              }
            />
          </div>
        )}
      </FieldSet>
    </>
  );
}

function FaqFields(props: SectionFieldsProps<Extract<WebsiteSection, { type: 'faq' }>>) {
  const { section, onChange, errorOf, readOnly } = props;
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <ItemListField
        idPrefix={`section-${section.id}-faq`}
        legend="Questions"
        noun="Question"
        items={section.items}
        blank={{ question: '', answer: '' }}
        maxItems={WEBSITE_LIMITS.listItems}
        fields={[
          { key: 'question', label: 'Question', max: WEBSITE_LIMITS.shortText },
          { key: 'answer', label: 'Answer', max: WEBSITE_LIMITS.body, multiline: true },
        ]}
        onChange={(items, changed) => onChange({ items }, changed ? `items.${changed}` : 'items')}
        errorOf={(path) => errorOf(path ? `items.${path}` : 'items')}
        readOnly={readOnly}
      />
    </>
  );
}

function TestimonialFields(
  props: SectionFieldsProps<Extract<WebsiteSection, { type: 'testimonials' }>>,
) {
  const { section, onChange, errorOf, readOnly } = props;
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <ItemListField
        idPrefix={`section-${section.id}-testimonial`}
        legend="Testimonials"
        noun="Testimonial"
        items={section.items}
        blank={{ quote: '', name: '' }}
        maxItems={WEBSITE_LIMITS.listItems}
        fields={[
          { key: 'quote', label: 'Quote', max: WEBSITE_LIMITS.body, multiline: true },
          { key: 'name', label: 'Name', max: WEBSITE_LIMITS.heading, optional: true },
        ]}
        onChange={(items, changed) => onChange({ items }, changed ? `items.${changed}` : 'items')}
        errorOf={(path) => errorOf(path ? `items.${path}` : 'items')}
        readOnly={readOnly}
      />
    </>
  );
}

function ContactFields(
  props: SectionFieldsProps<Extract<WebsiteSection, { type: 'contact_form' }>>,
) {
  const { section, onChange, errorOf, readOnly } = props;
  return (
    <>
      <HeadingField {...(props as unknown as SectionFieldsProps)} />
      <TextareaField
        label="Text"
        optional
        value={section.text}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.shortText}
        description="Shown above the form. Each message becomes a lead in Customers."
        error={errorOf('text')}
        onChange={(event) => onChange({ text: event.target.value }, 'text')}
      />
    </>
  );
}
