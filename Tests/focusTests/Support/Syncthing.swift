import Foundation
import Testing

/// One Syncthing instance of the test's own: its config folder and keys, a GUI/REST port and a sync port on
/// 127.0.0.1 only, discovery, relays, NAT, upgrades and usage reporting off.
///
/// It runs as two processes (a monitor and its worker) in a process group of their own, so ``stop()`` ends both.
final class SyncthingInstance {
    let name: String
    /// Its config folder (`--home`): config.xml, keys, database, log.
    let home: String
    let deviceID: String
    let guiPort: Int
    let listenPort: Int
    let apiKey = UUID().uuidString
    private let binary: String
    private let curl: String
    private let setsid: String
    private var process: Spawned?

    /// Generates keys and an empty config in `home`.
    init(name: String, home: String, binary: String) throws {
        self.name = name
        self.home = home
        self.binary = binary
        curl = try requireTool("curl", package: "curl")
        setsid = try requireTool("setsid", package: "util-linux")
        guiPort = try Self.freePort()
        listenPort = try Self.freePort()
        let generated = try Spawned(
            executable: binary,
            arguments: ["generate", "--home=\(home)", "--no-default-folder", "--skip-port-probing"],
            environment: Self.environment(home: home)
        ).wait()
        let output = generated.stdout + generated.stderr
        let id = output.split(separator: "\n").first { $0.hasPrefix("Device ID: ") }?.dropFirst("Device ID: ".count)
        deviceID = try #require(id.map(String.init), "syncthing generate printed no device id: \(output)")
    }

    deinit { stop() }

    private static func environment(home: String) -> [String: String] {
        // STHASHING skips the hashing benchmark at start; nothing here may upgrade or make a default folder.
        [
            "HOME": home, "PATH": "/usr/bin:/bin", "STHASHING": "minio", "STNOUPGRADE": "1", "STNODEFAULTFOLDER": "1",
            "LC_ALL": "C",
        ]
    }

    /// A TCP port on 127.0.0.1 nothing listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(fd >= 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(bound, "cannot find a free port on 127.0.0.1")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Writes the whole config: `folder` (id `folderID`) shared with `peer` at its explicit address, rescanned every
    /// 2 s and watched, and nothing that reaches beyond 127.0.0.1.
    func configure(folder: String, id folderID: String, sharedWith peer: SyncthingInstance) throws {
        let config = """
            <configuration version="36">
                <folder id="\(folderID)" label="focus journal" path="\(folder)" type="sendreceive" \
            rescanIntervalS="2" fsWatcherEnabled="true" fsWatcherDelayS="1" ignorePerms="false" autoNormalize="true">
                    <filesystemType>basic</filesystemType>
                    <device id="\(deviceID)"></device>
                    <device id="\(peer.deviceID)"></device>
                    <minDiskFree unit="%">0</minDiskFree>
                </folder>
                <device id="\(deviceID)" name="\(name)"><address>dynamic</address></device>
                <device id="\(peer.deviceID)" name="\(peer.name)">\
            <address>tcp://127.0.0.1:\(peer.listenPort)</address></device>
                <gui enabled="true" tls="false"><address>127.0.0.1:\(guiPort)</address><apikey>\(apiKey)</apikey></gui>
                <options>
                    <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
                    <globalAnnounceEnabled>false</globalAnnounceEnabled>
                    <localAnnounceEnabled>false</localAnnounceEnabled>
                    <relaysEnabled>false</relaysEnabled>
                    <natEnabled>false</natEnabled>
                    <urAccepted>-1</urAccepted>
                    <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
                    <startBrowser>false</startBrowser>
                    <crashReportingEnabled>false</crashReportingEnabled>
                    <reconnectionIntervalS>1</reconnectionIntervalS>
                    <minHomeDiskFree unit="%">0</minHomeDiskFree>
                    <setLowPriority>false</setLowPriority>
                </options>
            </configuration>

            """
        try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    }

    /// Starts it in a process group of its own and waits until its REST API answers.
    func start() throws {
        process = try Spawned(
            executable: setsid,
            arguments: [
                binary, "serve", "--home=\(home)", "--no-browser", "--no-restart", "--no-upgrade",
                "--no-default-folder", "--logfile=\(home)/syncthing.log",
            ],
            environment: Self.environment(home: home))
        try wait("\(name)'s REST API to answer", timeout: 30) { (try? rest("/rest/system/ping")) != nil }
    }

    /// Ends the monitor and its worker (the whole process group): politely, then by force.
    func stop() {
        guard let process else { return }
        self.process = nil
        let group = getpgid(process.pid)
        // `setsid` made the group; never signal the test runner's own.
        guard group > 0, group != getpgrp() else {
            kill(process.pid, SIGKILL)
            _ = process.wait()
            return
        }
        killpg(group, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, process.isRunning || killpg(group, 0) == 0 { usleep(50_000) }
        killpg(group, SIGKILL)
        _ = process.wait()
    }

    /// The end of its log, for a failure message.
    var logTail: String {
        let log = (try? String(contentsOfFile: home + "/syncthing.log", encoding: .utf8)) ?? ""
        return log.split(separator: "\n").suffix(25).joined(separator: "\n")
    }

    /// Calls the REST API with curl; the decoded JSON (`NSNull` for an empty body), or an error.
    @discardableResult
    func rest(_ path: String, method: String = "GET", body: String? = nil) throws -> Any {
        var args = [
            "-sS", "-f", "-m", "5", "--noproxy", "*", "-X", method, "-H", "X-API-Key: \(apiKey)",
            "http://127.0.0.1:\(guiPort)\(path)",
        ]
        if let body { args += ["-H", "Content-Type: application/json", "-d", body] }
        let result = try Spawned(executable: curl, arguments: args, environment: ["PATH": "/usr/bin:/bin"])
            .wait()
        guard result.status == 0 else { throw RESTError(message: "\(method) \(path): \(result.stderr)") }
        if result.stdout.isEmpty { return NSNull() }
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8), options: [.fragmentsAllowed])
    }

    struct RESTError: Error { let message: String }

    /// Whether it is connected to `peer` right now.
    func isConnected(to peer: SyncthingInstance) throws -> Bool {
        let status = try rest("/rest/system/connections") as? [String: Any]
        let connections = status?["connections"] as? [String: Any]
        return (connections?[peer.deviceID] as? [String: Any])?["connected"] as? Bool == true
    }

    /// Whether it has scanned and pulled everything in `folder` and believes `peer` has all of it too.
    func isIdleAndComplete(folder: String, peer: SyncthingInstance) throws -> Bool {
        let status = try rest("/rest/db/status?folder=\(folder)") as? [String: Any]
        let completion = try rest("/rest/db/completion?folder=\(folder)&device=\(peer.deviceID)") as? [String: Any]
        return status?["state"] as? String == "idle" && status?["needTotalItems"] as? Int == 0
            && status?["globalFiles"] as? Int == status?["localFiles"] as? Int
            && completion?["completion"] as? Double == 100 && completion?["needItems"] as? Int == 0
    }

    /// Pauses or resumes `peer` in this instance's config: a paused device is neither dialled nor accepted.
    func setPaused(_ paused: Bool, _ peer: SyncthingInstance) throws {
        try rest("/rest/config/devices/\(peer.deviceID)", method: "PATCH", body: #"{"paused":\#(paused)}"#)
    }

    /// Polls `condition` until it holds; a failure naming `what` (with both logs' ends) when `timeout` passes or
    /// the instance died.
    func wait(_ what: String, timeout: Double, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return }
            if let process, !process.isRunning {
                let result = process.wait()
                Issue.record("syncthing (\(name)) exited \(result.status): \(result.stderr)\n\(logTail)")
                throw RESTError(message: "syncthing (\(name)) exited")
            }
            usleep(100_000)
        }
        Issue.record("waited \(Int(timeout)) s for \(what); \(name)'s log ends:\n\(logTail)")
        throw RESTError(message: "timed out waiting for \(what)")
    }
}

/// Two Syncthing instances sharing one folder between two machines: started one after the other (both dialling
/// at once can stall a connection for 20 s), connected, and stopped, both processes of each, when it goes away.
final class SyncthingPair {
    static let folderID = "focus-journal"
    let first: SyncthingInstance
    let second: SyncthingInstance
    private let machines: (Machine, Machine)

    /// Shares the journal folders of `machines` (created here with Syncthing's `.stfolder` marker).
    init(_ machines: (Machine, Machine), binary: String) throws {
        self.machines = machines
        let instances = try [machines.0, machines.1].map { machine in
            let home = machine.root + "/syncthing"
            try FileManager.default.createDirectory(
                atPath: machine.journalFolder + "/.stfolder", withIntermediateDirectories: true)
            return try SyncthingInstance(name: machine.name, home: home, binary: binary)
        }
        first = instances[0]
        second = instances[1]
        try first.configure(folder: machines.0.journalFolder, id: Self.folderID, sharedWith: second)
        try second.configure(folder: machines.1.journalFolder, id: Self.folderID, sharedWith: first)
        try first.start()
        try second.start()
        try waitUntil(connected: true)
    }

    deinit { stop() }

    func stop() {
        first.stop()
        second.stop()
    }

    func waitUntil(connected: Bool) throws {
        try first.wait(connected ? "the instances to connect" : "the instances to disconnect", timeout: 40) {
            try first.isConnected(to: second) == connected && second.isConnected(to: first) == connected
        }
    }

    /// Takes both machines off the network (each pauses the other), or puts them back on and waits to reconnect.
    func setOffline(_ offline: Bool) throws {
        try first.setPaused(offline, second)
        try second.setPaused(offline, first)
        try waitUntil(connected: !offline)
    }

    /// Waits until both journal folders hold the same files, byte for byte, and both instances say the folder is
    /// scanned, pulled and complete on the other side.
    func waitInSync(timeout: Double = 40) throws {
        try first.wait("the journal folders to sync", timeout: timeout) {
            guard machines.0.journalFiles() == machines.1.journalFiles() else { return false }
            return try first.isIdleAndComplete(folder: Self.folderID, peer: second)
                && second.isIdleAndComplete(folder: Self.folderID, peer: first)
                && machines.0.journalFiles() == machines.1.journalFiles()
        }
    }
}
