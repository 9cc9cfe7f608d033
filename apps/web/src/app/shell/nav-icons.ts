import {
  BarChart3,
  Calendar,
  Globe,
  Home,
  type LucideIcon,
  Mail,
  Package,
  PhoneCall,
  ReceiptText,
  Search,
  Settings,
  Tag,
  Truck,
  UserCog,
  Users,
  Warehouse,
} from 'lucide-react';

// The sidebar's icons, by the navigation item's title (spec §2 names the items, not icons).
export const navIcons: Readonly<Record<string, LucideIcon>> = {
  Search,
  Home,
  Calendar,
  Orders: ReceiptText,
  Reach: PhoneCall,
  Inventory: Warehouse,
  Customers: Users,
  Coupons: Tag,
  'Delivery Manager': Truck,
  Emails: Mail,
  Reports: BarChart3,
  'Website Builder': Globe,
  Team: UserCog,
  Settings,
};

export const fallbackNavIcon: LucideIcon = Package;
