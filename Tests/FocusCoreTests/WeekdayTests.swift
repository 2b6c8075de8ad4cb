import FocusCore
import Testing

@Suite struct WeekdayTests {
    @Test(arguments: [
        ("mon", Weekday.monday), ("MONDAY", .monday), ("tue", .tuesday), ("tues", .tuesday), ("wed", .wednesday),
        ("Wednesday", .wednesday), ("thu", .thursday), ("thur", .thursday), ("thurs", .thursday), ("fri", .friday),
        ("sat", .saturday), ("sun", .sunday), ("sunday", .sunday), ("周一", .monday), ("星期二", .tuesday),
        ("礼拜三", .wednesday), ("周四", .thursday), ("星期五", .friday), ("周六", .saturday), ("周日", .sunday),
        ("星期天", .sunday), ("礼拜日", .sunday),
    ])
    func words(_ word: String, _ day: Weekday) {
        #expect(Weekday(word: word) == day)
    }

    @Test(arguments: ["", "mo", "monday1", "周", "周八", "星期", "周一一", "someday"])
    func notWeekdays(_ word: String) {
        #expect(Weekday(word: word) == nil)
    }

    /// Sunday 2026-11-29: itself for Sunday, the Monday six days before, the Saturday the day before.
    @Test(arguments: [(Weekday.sunday, "2026-11-29"), (.monday, "2026-11-23"), (.saturday, "2026-11-28")])
    func onOrBefore(_ day: Weekday, _ date: String) {
        #expect(day.onOrBefore(Fixtures.date("2026-11-29")) == Fixtures.date(date))
    }
}
