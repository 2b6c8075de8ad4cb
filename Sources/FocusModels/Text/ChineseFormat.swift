#if canImport(Glibc)
    import Glibc
#endif

/// Durations, dates and system errors as Simplified Chinese writes them: `1小时25分`, `12月1日 周二`.
///
/// Numbers stay digits; countdowns (`12:34`) and times of day are the same in every language.
public enum ChineseFormat {
    /// `1小时25分`, `2小时`, `25分`, `45秒`: the same rounding as ``LocalTime/duration(_:)``.
    public static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(seconds)秒" }
        let h = seconds / 3600
        let m = seconds / 60 % 60
        if h == 0 { return "\(m)分" }
        return m == 0 ? "\(h)小时" : "\(h)小时\(m)分"
    }

    /// `周一` … `周日` for an ISO weekday (1 = Monday).
    public static func weekday(_ day: Int) -> String { "周" + String(weekdayDigits[(day - 1) % 7]) }

    /// `1月` … `12月`.
    public static func month(_ month: Int) -> String { "\(month)月" }

    /// `2026年11月29日`, `2026年11月29日 周日`, `11月29日 周日`, `2026年11月`.
    public static func date(_ date: CivilDate, _ style: Message.DateStyle) -> String {
        let monthDay = "\(date.month)月\(date.day)日"
        switch style {
        case .long: return "\(date.year)年" + monthDay
        case .weekdayLong: return "\(date.year)年" + monthDay + " " + weekday(date.isoWeekday)
        case .weekdayShort: return monthDay + " " + weekday(date.isoWeekday)
        case .monthYear: return "\(date.year)年\(date.month)月"
        }
    }

    /// `葡萄牙里斯本` (country, then city); `里斯本（Portugal）` when the route gives the country in English only.
    public static func place(city: String, country: String?, englishCountry: String) -> String {
        country.map { $0 + city } ?? "\(city)（\(englishCountry)）"
    }

    /// What the C library's Chinese messages say for the `errno` values focus reports, `nil` for others.
    public static func systemError(_ code: Int32) -> String? { systemErrors[code] }

    private static let weekdayDigits: [Character] = ["一", "二", "三", "四", "五", "六", "日"]

    /// glibc's `zh_CN` wording.
    private static let systemErrors: [Int32: String] = [
        EPERM: "不允许的操作", ENOENT: "没有那个文件或目录", ESRCH: "没有那个进程", EINTR: "被中断的系统调用",
        EIO: "输入/输出错误", ENXIO: "没有那个设备或地址", E2BIG: "参数列表过长", ENOEXEC: "可执行文件格式错误",
        EBADF: "错误的文件描述符", EAGAIN: "资源暂时不可用", ENOMEM: "无法分配内存", EACCES: "权限不够",
        EBUSY: "设备或资源忙", EEXIST: "文件已存在", EXDEV: "无效的跨设备链接", ENODEV: "没有那个设备",
        ENOTDIR: "不是目录", EISDIR: "是一个目录", EINVAL: "无效的参数", EMFILE: "打开的文件过多",
        ETXTBSY: "文本文件忙", EFBIG: "文件过大", ENOSPC: "设备上没有空间", EROFS: "只读文件系统",
        EPIPE: "断开的管道", ENAMETOOLONG: "文件名过长", ELOOP: "符号链接的层数过多", EDQUOT: "超出磁盘配额",
        ENOTEMPTY: "目录非空", ECONNREFUSED: "拒绝连接", ETIMEDOUT: "连接超时",
    ]
}
