public enum PageKitVersion {}
