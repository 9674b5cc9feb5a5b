/** The storefront address of the first amazon product of the sandbox's catalog. */
export async function firstDemoProduct(
  sandboxUrl: string,
): Promise<{ url: string; title: string }> {
  const catalog = (await (await fetch(`${sandboxUrl}/demo/catalog.json`)).json()) as {
    products: { retailer: string; url: string; title: string }[];
  };
  const product = catalog.products.find((entry) => entry.retailer === 'amazon');
  if (!product) throw new Error('The sandbox catalog has no amazon product.');
  return product;
}
