public enum ShopCLIPlaceholder {}
