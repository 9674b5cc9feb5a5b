import { describe, expect, it } from 'vitest';
import { RETAILER_CODES } from '../../../src/api/retailers.ts';
import {
  detectProduct,
  ordersPageOf,
  retailerOfHost,
} from '../../../src/shared/retailer-registry.ts';

const products: [string, string, string][] = [
  // amazon.com: slugs, ref paths, tracking parameters, mobile, old forms, lower case.
  ['https://www.amazon.com/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  [
    'https://www.amazon.com/Stainless-Steel-Bottle/dp/B0PLACES01/ref=sr_1_3?crid=2X&keywords=bottle',
    'amazon',
    'B0PLACES01',
  ],
  ['https://www.amazon.com/dp/B0PLACES01?th=1&psc=1', 'amazon', 'B0PLACES01'],
  ['https://amazon.com/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://smile.amazon.com/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://m.amazon.com/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  [
    'https://www.amazon.com/gp/product/B0PLACES01/ref=ppx_yo_dt_b_asin_title',
    'amazon',
    'B0PLACES01',
  ],
  ['https://www.amazon.com/gp/aw/d/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/exec/obidos/ASIN/B0PLACES01/ref=nosim', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/o/ASIN/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/dp/b0places01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/-/es/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/-/es/Botella-de-agua/dp/B0PLACES01/', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/dp/0316769487', 'amazon', '0316769487'],
  ['https://www.amazon.com/dp/B0PLACES01#customerReviews', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/dp/B0PLACES01?tag=affiliate-20&linkCode=ll1', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/dp/B0PLACES01/', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/dp/product/B0PLACES01', 'amazon', 'B0PLACES01'],
  [
    'https://www.amazon.com/gp/aw/d/B0PLACES01/ref=mp_s_a_1_1?keywords=bottle',
    'amazon',
    'B0PLACES01',
  ],
  [
    'https://www.amazon.com/Folgers-Classic-Medium-Ground-Coffee/dp/B0PLACES01/ref=sr_1_1?dib=eyJ2IjoiMSJ9&dib_tag=se&keywords=folgers&qid=1700000000&sr=8-1&th=1',
    'amazon',
    'B0PLACES01',
  ],
  [
    'https://www.amazon.com/Folgers-Classic/gp/product/B0PLACES01?pf_rd_r=ABC&pd_rd_w=x',
    'amazon',
    'B0PLACES01',
  ],
  ['https://www.amazon.com/%E2%80%9CBottle%E2%80%9D/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com/%E0%A4%A/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://www.amazon.com./dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  ['https://WWW.AMAZON.COM/dp/B0PLACES01', 'amazon', 'B0PLACES01'],
  // The other amazon storefronts.
  ['https://www.amazon.co.uk/dp/B0UKCANCEL', 'amazon_uk', 'B0UKCANCEL'],
  ['https://www.amazon.co.uk/Electric-Kettle/dp/B0UKCANCEL/ref=sr_1_1', 'amazon_uk', 'B0UKCANCEL'],
  ['https://www.amazon.ca/dp/B0ABCDEF12', 'amazon_ca', 'B0ABCDEF12'],
  ['https://www.amazon.ca/-/fr/dp/B0ABCDEF12', 'amazon_ca', 'B0ABCDEF12'],
  ['https://www.amazon.de/dp/B0ABCDEF12', 'amazon_de', 'B0ABCDEF12'],
  ['https://www.amazon.de/-/en/Thermoskanne/dp/B0ABCDEF12', 'amazon_de', 'B0ABCDEF12'],
  ['https://www.amazon.de/gp/product/B0ABCDEF12', 'amazon_de', 'B0ABCDEF12'],
  ['https://www.amazon.com.mx/dp/B0ABCDEF12', 'amazon_mx', 'B0ABCDEF12'],
  ['https://www.amazon.com.mx/Molcajete/dp/B0ABCDEF12?psc=1', 'amazon_mx', 'B0ABCDEF12'],
  ['https://www.amazon.com.mx/gp/aw/d/B0ABCDEF12', 'amazon_mx', 'B0ABCDEF12'],
  [
    'https://www.amazon.co.uk/gp/product/B0ABCDEF12/ref=ox_sc_act_title_1',
    'amazon_uk',
    'B0ABCDEF12',
  ],
  [
    'https://www.amazon.ca/Gants-hiver/dp/B0ABCDEF12/ref=sr_1_2?__mk_fr_CA=x',
    'amazon_ca',
    'B0ABCDEF12',
  ],
  // walmart
  ['https://www.walmart.com/ip/Microwave-Oven-1-1-cu-ft/123456789', 'walmart', '123456789'],
  ['https://www.walmart.com/ip/123456789', 'walmart', '123456789'],
  [
    'https://www.walmart.com/ip/Kids-Bike/987654321?athbdg=L1600&from=/search',
    'walmart',
    '987654321',
  ],
  ['https://walmart.com/ip/Box-Fan/55555555', 'walmart', '55555555'],
  [
    'https://www.walmart.com/ip/Mainstays-Sheet-Set/919754443?classType=VARIANT&selectedSellerId=0',
    'walmart',
    '919754443',
  ],
  ['https://www.walmart.com/ip/seort/123456789', 'walmart', '123456789'],
  // costco
  ['https://www.costco.com/mixed-nuts-2.5-lb.product.100123456.html', 'costco', '100123456'],
  ['https://www.costco.com/robot-vacuum.product.4000123.html?langId=-1', 'costco', '4000123'],
  [
    'https://www.costco.com/kirkland-signature-mixed-nuts%2c-2.5-lbs.product.100334841.html',
    'costco',
    '100334841',
  ],
  [
    'https://www.costco.com/p/-/robot-vacuum-with-self-empty-base/1161857566',
    'costco',
    '1161857566',
  ],
  [
    'https://www.costco.com/p/-/robot-vacuum-with-self-empty-base/1161857566?langId=-1#reviews',
    'costco',
    '1161857566',
  ],
  // homedepot
  ['https://www.homedepot.com/p/Cordless-Leaf-Blower-40-V/312345678', 'homedepot', '312345678'],
  ['https://www.homedepot.com/p/312345678', 'homedepot', '312345678'],
  ['https://www.homedepot.com/p/Interior-Paint/205123456?MERCH=REC', 'homedepot', '205123456'],
  [
    'https://www.homedepot.com/p/RYOBI-40V-Leaf-Blower-RY404130/317673606#overlay',
    'homedepot',
    '317673606',
  ],
  [
    'https://www.homedepot.com/pep/Werner-6-ft-Step-Ladder-FS106/202398092',
    'homedepot',
    '202398092',
  ],
  // aliexpress
  ['https://www.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  [
    'https://www.aliexpress.com/item/1005001234567890.html?spm=a2g0o.productlist&algo_pvid=x',
    'aliexpress',
    '1005001234567890',
  ],
  ['https://m.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://es.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://www.aliexpress.com/i/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://pt.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  [
    'https://de.aliexpress.com/item/1005001234567890.html?gatewayAdapt=glo2deu',
    'aliexpress',
    '1005001234567890',
  ],
  ['https://fr.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://it.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://ja.aliexpress.com/item/1005001234567890.html', 'aliexpress', '1005001234567890'],
  ['https://www.aliexpress.us/item/3256801234567890.html', 'aliexpress', '3256801234567890'],
];

const notProducts: string[] = [
  // Search, category, store, brand, cart and home pages.
  'https://www.amazon.com/',
  'https://www.amazon.com/s?k=water+bottle',
  'https://www.amazon.com/b?node=172282',
  'https://www.amazon.com/stores/Brand/page/1234-5678',
  'https://www.amazon.com/gp/cart/view.html',
  'https://www.amazon.com/gp/bestsellers/kitchen',
  'https://www.amazon.co.uk/s?k=kettle',
  'https://www.amazon.de/gp/browse.html?node=123',
  'https://www.walmart.com/',
  'https://www.walmart.com/search?q=fan',
  'https://www.walmart.com/browse/home/4044',
  'https://www.walmart.com/brand/mainstays/10002',
  'https://www.walmart.com/cart',
  'https://www.costco.com/',
  'https://www.costco.com/CatalogSearch?keyword=nuts',
  'https://www.costco.com/grocery-household.html',
  'https://www.homedepot.com/b/Outdoors/N-5yc1vZbx82',
  'https://www.homedepot.com/s/paint',
  'https://www.aliexpress.com/w/wholesale-led.html',
  'https://www.aliexpress.com/store/1234567',
  'https://www.aliexpress.com/category/44/consumer-electronics.html',
  'https://www.amazon.com/product-reviews/B0PLACES01/ref=cm_cr_dp_d_show_all_btm',
  'https://www.amazon.com/gp/offer-listing/B0PLACES01',
  'https://www.amazon.com/s?k=bottle&ref=nb_sb_noss&dp=B0PLACES01',
  'https://www.amazon.com/stores/page/B0PLACES01',
  'https://www.walmart.com/cp/fans/1231',
  'https://www.walmart.com/store/1234-cambridge-ma',
  'https://www.walmart.com/reviews/product/123456789',
  'https://www.costco.com/p/-/',
  'https://www.costco.com/appliances.html?refine=||Brand_attr-Roborock',
  'https://www.costco.com/warehouse-locations/somerville-ma-1234.html',
  'https://www.homedepot.com/c/Ladders',
  'https://www.homedepot.com/l/Somerville/MA/Somerville/02143/2681',
  'https://www.homedepot.com/p/reviews/Werner-Step-Ladder/202398092/1',
  'https://pt.aliexpress.com/store/912345678',
  'https://pt.aliexpress.com/w/wholesale-fita-led.html',
  'https://www.aliexpress.com/item/1005001234567890',
  'https://sale.aliexpress.com/__pc/item/1005001234567890.html',
  // Look-alike hosts and other sites.
  'https://www.amazon.com.evil.io/dp/B0PLACES01',
  'https://notamazon.com/dp/B0PLACES01',
  'https://amazon-deals.com/dp/B0PLACES01',
  'https://www.amazon.com-offers.net/dp/B0PLACES01',
  'https://walmart.com.example/ip/123456789',
  'https://www.wallmart.com/ip/123456789',
  'https://www.amazon.com.mx.evil.io/dp/B0PLACES01',
  'https://amazon.co.uk.example.net/dp/B0PLACES01',
  'https://www.costco.com.evil.io/p/-/vacuum/1161857566',
  'https://homedepot.com.co/p/Ladder/202398092',
  'https://aliexpress.com.ru/item/1005001234567890.html',
  'https://www.aliexpress.ru/item/1005001234567890.html',
  'https://www.amaz0n.com/dp/B0PLACES01',
  'https://www.xn--amazn-mua.com/dp/B0PLACES01',
  'https://sellercentral.amazon.com/dp/B0PLACES01',
  'https://evil.example/?u=https://www.amazon.com/dp/B0PLACES01',
  'https://a.b.amazon.com/dp/B0PLACES01',
  'https://www.amazon.com/dp/B0SHORT',
  'ftp://www.amazon.com/dp/B0PLACES01',
  'not a url',
];

describe('the retailer registry', () => {
  it.each(products)('finds the product of %s', (url, retailer, productId) => {
    expect(detectProduct(url)).toEqual({ retailer, productId });
  });

  it.each(notProducts)('finds no product on %s', (url) => {
    expect(detectProduct(url)).toBeNull();
  });

  it('covers every storefront with more than sixty addresses', () => {
    expect(products.length + notProducts.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map(([, retailer]) => retailer)).size).toBe(9);
  });
});

describe('the orders page of each storefront', () => {
  it('is an https page of that storefront itself, for every retailer', () => {
    for (const code of RETAILER_CODES) {
      const page = new URL(ordersPageOf(code) ?? '');
      expect(page.protocol, code).toBe('https:');
      expect(retailerOfHost(page.hostname), code).toBe(code);
    }
  });

  it('is none for a retailer this version does not know', () => {
    expect(ordersPageOf('teleshop')).toBeUndefined();
  });
});
