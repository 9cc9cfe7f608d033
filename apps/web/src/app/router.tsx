import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Permission } from '@tentpole/domain';
import { accountRoute } from './routes/account';
import { forgotPasswordRoute } from './routes/auth/forgot-password';
import { loginRoute } from './routes/auth/login';
import { resetPasswordRoute } from './routes/auth/reset-password';
import { signUpRoute } from './routes/auth/signup';
import { categoriesRoute } from './routes/categories';
import { couponsRoute } from './routes/coupons';
import { customersRoute } from './routes/customers';
import { customerDetailRoute } from './routes/customers-detail';
import { newCustomerRoute } from './routes/customers-new';
import { dashboardRoute } from './routes/dashboard';
import { deliveryManagerRoute } from './routes/delivery-manager';
import { deliverySettingsRoute } from './routes/delivery-settings';
import { driverDayRoute } from './routes/driver-day';
import { emailRoute } from './routes/email';
import { inviteRoute } from './routes/invite';
import { loadListRoute } from './routes/load-list';
import { ordersRoute } from './routes/orders';
import { ordersCalendarRoute } from './routes/orders-calendar';
import { orderDetailRoute } from './routes/orders-detail';
import { editOrderRoute } from './routes/orders-edit';
import { newOrderRoute } from './routes/orders-new';
import { phoneRoute } from './routes/phone';
import { productsRoute } from './routes/products';
import { productDetailRoute } from './routes/products-detail';
import { editProductRoute } from './routes/products-edit';
import { newProductRoute } from './routes/products-new';
import { reportsRoute } from './routes/reports';
import { type RouterContext, rootRoute } from './routes/root';
import { RouteErrorPage } from './routes/route-error';
import { scheduleRoute } from './routes/schedule';
import { staffRoute } from './routes/staff';
import { surfaceRoute } from './routes/surface';
import { verifyEmailRoute } from './routes/verify-email';
import { weatherRoute } from './routes/weather';
import { websiteRoute } from './routes/website';
import { cartSessionsRoute } from './routes/website-carts';
import { websitePageEditorRoute } from './routes/website-page-editor';

const routeTree = rootRoute.addChildren([
  dashboardRoute,
  loginRoute,
  signUpRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  customersRoute,
  newCustomerRoute,
  customerDetailRoute,
  couponsRoute,
  phoneRoute,
  ordersRoute,
  ordersCalendarRoute,
  deliverySettingsRoute,
  deliveryManagerRoute,
  weatherRoute,
  driverDayRoute,
  loadListRoute,
  newOrderRoute,
  orderDetailRoute,
  editOrderRoute,
  productsRoute,
  newProductRoute,
  productDetailRoute,
  editProductRoute,
  categoriesRoute,
  surfaceRoute,
  accountRoute,
  emailRoute,
  reportsRoute,
  scheduleRoute,
  staffRoute,
  inviteRoute,
  verifyEmailRoute,
  websiteRoute,
  websitePageEditorRoute,
  cartSessionsRoute,
]);

type CreateAppRouterOptions = RouterContext & {
  /** Browser history by default; tests pass a memory history. */
  history?: RouterHistory;
};

export function createAppRouter({ history, ...context }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context,
    history,
    defaultPreload: 'intent',
    // A page that fails shows what failed, with a retry and a way back, inside the shell.
    defaultErrorComponent: RouteErrorPage,
    // Data freshness is TanStack Query's job (spec §9), not the router's.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /** The page is open to signed-out visitors (it then brings its own layout too). */
    public?: boolean;
    /** The page supplies its own layout instead of the app shell. */
    ownLayout?: boolean;
    /** The page's name: in the document title and the breadcrumbs. */
    title?: string;
    /**
     * The permission the page needs (spec §2, §6), written here only: the root shows the
     * no-access page without it, and the sidebar and header actions that lead here read it.
     */
    permission?: Permission;
  }
}
