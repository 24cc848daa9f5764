#pragma once
// A private nginx for tests of the HTTP bake cache: started as the current user from a config
// generated in a scratch directory (pid file, logs and temporary files all there), serving a
// WebDAV location that accepts PUT on 127.0.0.1 at a free port, and stopped by the destructor
// whatever the test did. Never reads /etc/nginx, never listens on port 80.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

namespace aem::test {

inline constexpr const char* kNginxPath = "/usr/sbin/nginx";

// A TCP port on 127.0.0.1 that nothing listens on right now (the kernel's pick for port 0).
inline int free_local_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  int port = -1;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
    port = ntohs(address.sin_port);
  ::close(fd);
  return port;
}

inline bool accepts_connections(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(std::uint16_t(port));
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return ok;
}

// nginx_cache.conf.in (one copy, shared with the Windows build's test) with this server's
// scratch folder and port filled in.
inline std::string nginx_config(const std::filesystem::path& dir, int port) {
  std::ifstream in(AEM_NGINX_CONFIG_TEMPLATE);
  std::string config{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const auto fill = [&config](const std::string& name, const std::string& value) {
    for (std::size_t at = config.find(name); at != std::string::npos; at = config.find(name, at + value.size()))
      config.replace(at, name.size(), value);
  };
  fill("@DIR@", dir.string());
  fill("@PORT@", std::to_string(port));
  return config;
}

class NginxServer {
 public:
  // Starts nginx in `dir` (a scratch directory); running() tells whether it came up.
  explicit NginxServer(const std::filesystem::path& dir) : dir_(dir) {
    std::filesystem::create_directories(dir_ / "www" / "aem-cache");
    // The port may be taken between the pick and nginx's bind: try a few.
    for (int attempt = 0; attempt < 5 && pid_ <= 0; ++attempt) start(free_local_port());
  }
  ~NginxServer() { stop(); }
  NginxServer(const NginxServer&) = delete;
  NginxServer& operator=(const NginxServer&) = delete;

  bool running() const { return pid_ > 0; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/aem-cache"; }
  std::filesystem::path store() const { return dir_ / "www" / "aem-cache"; }
  std::string error_log() const {
    std::ifstream in(dir_ / "error.log");
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  }

  void stop() {
    if (pid_ <= 0) return;
    ::kill(pid_, SIGTERM);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }

 private:
  void start(int port) {
    if (port <= 0) return;
    const std::filesystem::path config = dir_ / "nginx.conf";
    std::ofstream(config) << nginx_config(dir_, port);
    const std::string prefix = dir_.string() + "/", log = (dir_ / "error.log").string(), conf = config.string();
    const pid_t pid = ::fork();
    if (pid == 0) {
      // -e: the error log before the configuration is read, so nothing under /var/log is opened.
      // In the foreground, so that this process is the server; a master started as root hands
      // its workers to `user`, who must be able to write the store.
      const char* globals = ::geteuid() == 0 ? "daemon off; user root;" : "daemon off;";
      ::execl(kNginxPath, kNginxPath, "-p", prefix.c_str(), "-e", log.c_str(), "-c", conf.c_str(), "-g", globals,
              static_cast<char*>(nullptr));
      ::_exit(127);
    }
    if (pid < 0) return;
    for (int i = 0; i < 200; ++i) {
      if (accepts_connections(port)) {
        pid_ = pid;
        port_ = port;
        return;
      }
      int status = 0;
      if (::waitpid(pid, &status, WNOHANG) == pid) return;  // it gave up (the port was taken...)
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ::kill(pid, SIGKILL);
    ::waitpid(pid, nullptr, 0);
  }

  std::filesystem::path dir_;
  pid_t pid_ = -1;
  int port_ = -1;
};

}  // namespace aem::test
