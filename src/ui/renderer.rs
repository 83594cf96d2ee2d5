//! Which renderer draws the window.
//!
//! iced draws with wgpu when it finds an adapter, else with tiny-skia. On a laptop without GPU
//! drivers wgpu still finds one: Mesa's software rasteriser (llvmpipe behind GL or Vulkan). That
//! path left another screen's pixels on the next one in the real window (issue 53: a strip of
//! the Ballot board over Claims after every switch, an old board in the middle after a resize),
//! while the patched tiny-skia (`patches/iced_tiny_skia/`) is the software path the screen walk
//! proves clean for every pair of screens. So a software adapter is passed over for tiny-skia; a
//! real GPU keeps wgpu. An `ICED_BACKEND` set by the user is left as it is.

use iced::wgpu;

/// The variable iced reads for the renderer it tries first (`iced_renderer::fallback`).
const BACKEND: &str = "ICED_BACKEND";

/// Chooses the renderer before iced starts; says on stderr when it passes over a software GPU.
/// Must run before any other thread exists: it sets an environment variable.
pub fn choose() {
    if std::env::var_os(BACKEND).is_some() {
        return;
    }
    if let Some(adapter) = wgpu_adapter() {
        if draws_in_software(&adapter) {
            eprintln!(
                "{} ({:?}) draws in software: the window is drawn by tiny-skia",
                adapter.name, adapter.backend
            );
            std::env::set_var(BACKEND, "tiny-skia");
        }
    }
}

/// The adapter iced's wgpu compositor would take (its backends from `WGPU_BACKEND`, high
/// performance unless `WGPU_POWER_PREF` says otherwise), if any.
fn wgpu_adapter() -> Option<wgpu::AdapterInfo> {
    let instance = wgpu::Instance::new(&wgpu::InstanceDescriptor {
        backends: wgpu::Backends::from_env().unwrap_or(wgpu::Backends::all()),
        ..Default::default()
    });
    let options = wgpu::RequestAdapterOptions {
        power_preference: wgpu::PowerPreference::from_env()
            .unwrap_or(wgpu::PowerPreference::HighPerformance),
        compatible_surface: None,
        force_fallback_adapter: false,
    };
    iced::futures::executor::block_on(instance.request_adapter(&options))
        .ok()
        .map(|adapter| adapter.get_info())
}

/// Whether an adapter rasterises on the CPU (llvmpipe, lavapipe, SwiftShader: wgpu names them
/// `DeviceType::Cpu`).
fn draws_in_software(adapter: &wgpu::AdapterInfo) -> bool {
    adapter.device_type == wgpu::DeviceType::Cpu
}

#[cfg(test)]
mod tests {
    use super::*;

    fn adapter(name: &str, device_type: wgpu::DeviceType) -> wgpu::AdapterInfo {
        wgpu::AdapterInfo {
            name: name.into(),
            vendor: 0,
            device: 0,
            device_type,
            driver: String::new(),
            driver_info: String::new(),
            backend: wgpu::Backend::Gl,
        }
    }

    #[test]
    fn mesas_software_rasteriser_is_passed_over_and_a_gpu_is_kept() {
        assert!(draws_in_software(&adapter(
            "llvmpipe (LLVM 15.0.6, 256 bits)",
            wgpu::DeviceType::Cpu
        )));
        assert!(!draws_in_software(&adapter(
            "Intel(R) UHD Graphics 620",
            wgpu::DeviceType::IntegratedGpu
        )));
        assert!(!draws_in_software(&adapter(
            "NVIDIA GeForce GTX 1650",
            wgpu::DeviceType::DiscreteGpu
        )));
    }
}
